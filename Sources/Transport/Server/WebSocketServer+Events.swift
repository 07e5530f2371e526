internal import CLibWebSockets
import Dispatch

/// lws callback handling for the server (service thread, called from `ServerCallbacks`).
extension WebSocketServer {
    func handleHTTPProtocolEvent(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        if let answer = trackDeadline(wsi, reason, user, input, length) { return answer }
        if let answer = handleHTTPExchange(wsi, reason, user, input, length) { return answer }
        switch reason {
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            loop.drainInbox()
            return 0
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            // A client explicitly asked for our internal HTTP protocol name as a subprotocol.
            _ = lws_return_http_status(wsi, UInt32(HTTP_STATUS_NOT_FOUND.rawValue), nil)
            return 1
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    }

    func handleWebSocketEvent(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        if let answer = trackDeadline(wsi, reason, user, input, length) { return answer }
        if let answer = handleHTTPExchange(wsi, reason, user, input, length) { return answer }
        switch reason {
        case LWS_CALLBACK_SERVER_WRITEABLE:
            return writeNext(wsi, session: session(for: user))
        case LWS_CALLBACK_RECEIVE:
            if let session = session(for: user) {
                receive(wsi, session: session, UnsafeRawBufferPointer(start: input, count: length))
            }
            return 0
        case LWS_CALLBACK_RECEIVE_PONG:
            session(for: user)?.heardSinceSweep = true
            return 0
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            loop.drainInbox()  // arrives once per protocol: the second drain finds it empty
            return 0
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return filterUpgrade(wsi)
        case LWS_CALLBACK_ADD_HEADERS:  // only the upgrade's 101 reaches this handler
            return addServerHeader(to: wsi, input)
        case LWS_CALLBACK_ESTABLISHED:
            open(wsi, user: user)
            return 0
        case LWS_CALLBACK_CLOSED:
            closed(user: user)
            return 0
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            session(for: user)?.peerClosed = true
            return CloseCodeCheck.answer(UnsafeMutableRawBufferPointer(start: input, count: length))
        case LWS_CALLBACK_WS_SERVER_DROP_PROTOCOL:
            stopReadingBeforeFailing(wsi, session: session(for: user))
            return 0
        case LWS_CALLBACK_RAW_ADOPT, LWS_CALLBACK_RAW_RX:
            // lws adopts a `CONNECT` request as a raw tunnel, which no timeout ever reaps: a few
            // thousand of them used to exhaust the file descriptors. We proxy nothing: close.
            return -1
        default:
            // Includes the HTTP file-serving reasons: without this, missing files would hang.
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    }

    /// Plain HTTP requests and their deferred answers and upload bodies. Both lws protocols
    /// see them (the callback mounts name protocols[1]; without mounts protocols[0] answers),
    /// so both handlers call this first; `nil` for the reasons it does not handle.
    private func handleHTTPExchange(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32? {
        switch reason {
        case LWS_CALLBACK_HTTP:
            return answerHTTP(wsi, reason, user, input, length)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeDeferredResponse(wsi)
        case LWS_CALLBACK_CLOSED_HTTP:
            endExchange(on: wsi)
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        case LWS_CALLBACK_HTTP_BODY:
            return receiveUploadBytes(wsi, UnsafeRawBufferPointer(start: input, count: length))
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            return finishUpload(wsi)
        default:
            return nil
        }
    }

    // MARK: - Connection life

    private func session(for user: UnsafeMutableRawPointer?) -> ServerSession? {
        guard let user else { return nil }
        let raw = user.load(as: UInt64.self)
        return raw == 0 ? nil : sessions[ConnectionID(rawValue: raw)]
    }

    private func filterUpgrade(_ wsi: OpaquePointer) -> Int32 {
        // First: a capped header (see `HeaderBlockLimit`) must not be read as a bad key.
        if headerBlockLimit.isExceeded(by: wsi) { return headerBlockLimit.refuse(wsi) }
        // RFC 6455 §4.2.1–4.2.2, which lws 4.1 lets through: a version other than 13 gets 426
        // naming the one we speak, a key that is not 16 bytes in base64 gets 400.
        if LWSHeaders.value(of: WSI_TOKEN_VERSION, in: wsi) != "13" {
            return HTTPResponseWriter.write(
                HTTPResponse(
                    status: 426, body: Array("this server speaks WebSocket version 13\n".utf8),
                    headers: [("Sec-WebSocket-Version", "13")]
                ), to: wsi) == 0 ? 1 : -1
        }
        if !Self.isValidKey(LWSHeaders.value(of: WSI_TOKEN_KEY, in: wsi)) {
            _ = lws_return_http_status(wsi, UInt32(HTTP_STATUS_BAD_REQUEST.rawValue), nil)
            return 1
        }
        let refusal: UInt32?
        if !hostPolicy.allows(host: LWSHeaders.value(of: WSI_TOKEN_HOST, in: wsi)) {
            refusal = 421
        } else if isShuttingDown {
            refusal = UInt32(HTTP_STATUS_SERVICE_UNAVAILABLE.rawValue)
        } else if LWSHeaders.value(of: WSI_TOKEN_GET_URI, in: wsi) != configuration.webSocketPath {
            refusal = UInt32(HTTP_STATUS_NOT_FOUND.rawValue)
        } else if !originPolicy.allows(
            origin: LWSHeaders.value(of: WSI_TOKEN_ORIGIN, in: wsi),
            host: LWSHeaders.value(of: WSI_TOKEN_HOST, in: wsi),
            fromBrowser: LWSHeaders.isFromBrowser(wsi)
        ) {
            refusal = UInt32(HTTP_STATUS_FORBIDDEN.rawValue)
        } else {
            refusal = nil
        }
        guard let refusal else { return 0 }
        _ = lws_return_http_status(wsi, refusal, nil)
        return 1
    }

    /// `Sec-WebSocket-Key` must be 16 bytes in base64: 24 characters ending in `==`.
    static func isValidKey(_ key: String?) -> Bool {
        guard let key, key.utf8.count == 24, key.hasSuffix("==") else { return false }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        return key.utf8.prefix(22).allSatisfy(alphabet.contains)
    }

    private func open(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) {
        guard let user else { return }
        pendingConnections.gone(wsi)
        let id = ConnectionID.next()
        user.storeBytes(of: id.rawValue, as: UInt64.self)
        let session = ServerSession(id: id, wsi: wsi, maxMessageSize: configuration.maxMessageSize)
        session.lastHeard = DispatchTime.now().uptimeNanoseconds
        session.host = LWSHeaders.value(of: WSI_TOKEN_HOST, in: wsi)
        if !configuration.trustedProxies.isEmpty {
            session.forwardedFor = LWSHeaders.value(of: WSI_TOKEN_X_FORWARDED_FOR, in: wsi)
        }
        sessions[id] = session
        limitKernelUnsentBytes(wsi)
        delegate?.webSocketServer(self, didOpen: id)
    }

    private func closed(user: UnsafeMutableRawPointer?) {
        guard let session = session(for: user) else { return }
        sessions[session.id] = nil
        user?.storeBytes(of: 0, as: UInt64.self)
        delegate?.webSocketServer(self, didClose: session.id)
    }

    /// lws is about to close `wsi`: it calls this just before it queues its Close frame. When
    /// the close fails the connection (lws found invalid UTF-8 or a broken frame, or we close
    /// with 1002, 1007 or 1009), nothing more is read from it.
    ///
    /// Why: lws 4.1.6 sends the Close frame on the connection's next POLLOUT, and on the epoll
    /// loop its read watcher may fire first. Bytes the peer sent after the bad ones were then
    /// parsed in between (lib/core-net/close.c, lib/roles/ws/ops-ws.c): a PING overwrote the
    /// Close frame's code with its own payload (the two share a buffer), and a data frame that
    /// failed again made lws drop the socket without any Close frame. So a client saw 1007, a
    /// nonsense code or a bare EOF depending on how its bytes fell into reads. With reading
    /// stopped, the Close frame goes out as it was set; lws then gives up waiting for the peer's
    /// reply after its 5 s close timeout, which only a failing client waits for. A normal close
    /// (1000, 1001, 4008) keeps reading, so the peer's reply completes the handshake at once.
    private func stopReadingBeforeFailing(_ wsi: OpaquePointer, session: ServerSession?) {
        guard let session, !session.peerClosed else { return }
        if let request = session.closeRequest, !CloseCodeCheck.failsTheConnection(request.code) { return }
        _ = checkwire_lws_rx_flow(wsi, 0)
    }

    // MARK: - Data

    private func receive(_ wsi: OpaquePointer, session: ServerSession, _ chunk: UnsafeRawBufferPointer) {
        guard session.closeRequest == nil, !session.peerClosed else { return }  // closing: discard input
        if !session.receivedThisTurn {
            session.receivedThisTurn = true
            connectionsThatReceived.append(session.id)
        }
        let outcome = session.assembler.append(
            chunk,
            isFirst: lws_is_first_fragment(wsi) != 0,
            isBinary: lws_frame_is_binary(wsi) != 0,
            isLast: lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
        )
        switch outcome {
        case .incomplete:
            break
        case .message(let message):
            delegate?.webSocketServer(self, didReceive: message, from: session.id)
        case .tooBig:
            requestClose(session, CloseRequest(code: 1009, reason: "message too big"))
        }
    }

    // MARK: - HTTP

    private func answerHTTP(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        let path = String(decoding: UnsafeRawBufferPointer(start: input, count: length), as: UTF8.self)
        // A complete request: a keep-alive connection gets a fresh deadline for its next one.
        pendingConnections.accepted(wsi, now: DispatchTime.now().uptimeNanoseconds)
        let isDeferred = isDeferredPath(path)
        guard dynamicPaths.contains(path) || isDeferred, let delegate else {
            return lws_callback_http_dummy(wsi, reason, user, input, length)  // 404
        }
        let isHead = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0
        if isUploadPath(path), lws_hdr_total_length(wsi, WSI_TOKEN_PUT_URI) > 0 {
            return beginUpload(wsi, path: path)
        }
        if isFormPath(path), lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0 {
            return beginForm(wsi, path: path)
        }
        // Health, metrics and feeds are read-only: anything but GET and HEAD (and a form's POST,
        // above) is 405, with `Allow`.
        guard isHead || lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 else {
            return HTTPResponseWriter.write(
                HTTPResponse(
                    status: 405, body: Array("method not allowed: \(path) answers GET and HEAD\n".utf8),
                    headers: [("Allow", "GET, HEAD")]
                ), to: wsi)
        }
        guard isDeferred else {
            let response = delegate.webSocketServer(self, httpResponseFor: path)
            return HTTPResponseWriter.write(response, to: wsi, headOnly: isHead)
        }
        let id = deferredHTTP.begin(on: wsi, isHead: isHead)
        delegate.webSocketServer(
            self,
            didReceive: HTTPRequest(
                id: id, method: isHead ? "HEAD" : "GET", path: path, query: Self.queryArguments(of: wsi),
                headers: Self.requestHeaders(of: wsi)
            ))
        return 0
    }

    private func isDeferredPath(_ path: String) -> Bool {
        (configuration.deferredPrefixes + configuration.uploadPrefixes).contains {
            path == $0 || path.hasPrefix($0 + "/")
        }
    }

    private func isFormPath(_ path: String) -> Bool {
        configuration.formPrefixes.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// A POST under a form prefix: a body of at most `maxFormBytes` (413 past it) is read and
    /// dropped, then the request goes to the delegate, deferred like a GET.
    private func beginForm(_ wsi: OpaquePointer, path: String) -> Int32 {
        guard let delegate else { return -1 }
        let headers = Self.requestHeaders(of: wsi)
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        guard length >= 0, length <= configuration.maxFormBytes else {
            return Self.refuseUpload(413, "a form here is at most \(configuration.maxFormBytes) bytes\n", wsi)
        }
        let id = deferredHTTP.begin(on: wsi, isHead: false)
        let request = HTTPRequest(
            id: id, method: "POST", path: path, query: Self.queryArguments(of: wsi), headers: headers)
        guard length > 0 else {
            delegate.webSocketServer(self, didReceive: request)
            return 0
        }
        deferredHTTP.exchange(on: wsi)?.pendingForm = request
        return 0
    }

    private func isUploadPath(_ path: String) -> Bool {
        configuration.uploadPrefixes.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    // MARK: - Uploads

    /// A PUT under an upload prefix: its length is checked before a byte of the body is read
    /// (411 without one, 400 for an empty body, 413 over `maxUploadBytes`), then the body
    /// streams to the upload delegate as it arrives.
    private func beginUpload(_ wsi: OpaquePointer, path: String) -> Int32 {
        guard let uploads = delegate as? WebSocketServerUploadDelegate else {
            return HTTPResponseWriter.write(
                HTTPResponse(status: 405, body: Array("method not allowed\n".utf8), headers: [("Allow", "GET, HEAD")]),
                to: wsi)
        }
        let headers = Self.requestHeaders(of: wsi)
        guard let declared = headers["content-length"], let length = Int64(declared), length >= 0 else {
            return Self.refuseUpload(
                411, "send the file with a Content-Length (chunked uploads are not accepted)\n", wsi)
        }
        guard length > 0 else { return Self.refuseUpload(400, "the body is empty: send the file's bytes\n", wsi) }
        guard length <= configuration.maxUploadBytes else {
            return Self.refuseUpload(
                413, "the file is \(length) bytes; the limit is \(configuration.maxUploadBytes) bytes\n", wsi)
        }
        let id = deferredHTTP.begin(on: wsi, isHead: false)
        deferredHTTP.exchange(on: wsi)?.isReceivingUpload = true
        if let refusal = uploads.webSocketServer(
            self,
            didBeginUpload: HTTPRequest(
                id: id, method: "PUT", path: path, query: Self.queryArguments(of: wsi), headers: headers
            ), length: length)
        {
            deferredHTTP.end(on: wsi)
            var closing = refusal
            closing.headers.append(("Connection", "close"))
            _ = HTTPResponseWriter.write(closing, to: wsi)
            return -1
        }
        return 0
    }

    /// The answer to a refused upload closes the connection: its unread body must not be
    /// taken for the next request.
    private static func refuseUpload(_ status: Int, _ text: String, _ wsi: OpaquePointer) -> Int32 {
        _ = HTTPResponseWriter.write(
            HTTPResponse(status: status, body: Array(text.utf8), headers: [("Connection", "close")]), to: wsi)
        return -1
    }

    private func receiveUploadBytes(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        if deferredHTTP.exchange(on: wsi)?.pendingForm != nil { return 0 }  // a form's body: not kept
        guard let exchange = deferredHTTP.exchange(on: wsi), exchange.isReceivingUpload,
            let uploads = delegate as? WebSocketServerUploadDelegate
        else { return -1 }
        // Each piece restarts the idle deadline: a large file on a slow link is not cut off.
        pendingConnections.accepted(wsi, now: DispatchTime.now().uptimeNanoseconds)
        if bytes.count > 0 { uploads.webSocketServer(self, didReceiveUploadBytes: bytes, for: exchange.id) }
        return 0
    }

    private func finishUpload(_ wsi: OpaquePointer) -> Int32 {
        if let exchange = deferredHTTP.exchange(on: wsi), let form = exchange.pendingForm {
            exchange.pendingForm = nil
            delegate?.webSocketServer(self, didReceive: form)
            return 0
        }
        guard let exchange = deferredHTTP.exchange(on: wsi), exchange.isReceivingUpload,
            let uploads = delegate as? WebSocketServerUploadDelegate
        else { return -1 }
        exchange.isReceivingUpload = false
        pendingConnections.accepted(wsi, now: DispatchTime.now().uptimeNanoseconds)
        uploads.webSocketServer(self, didFinishUpload: exchange.id)
        return 0
    }

    /// The connection of an exchange closed: an upload still arriving is abandoned.
    func endExchange(on wsi: OpaquePointer) {
        guard let exchange = deferredHTTP.end(on: wsi), exchange.isReceivingUpload else { return }
        (delegate as? WebSocketServerUploadDelegate)?.webSocketServer(self, didAbandonUpload: exchange.id)
    }

    /// Writes the next piece of a deferred response once it is answered: the headers first,
    /// then the body a chunk per WRITEABLE; then the transaction ends (keep-alive or close).
    /// A file body's chunk is read here when it is all in the page cache, else on `fileReads`
    /// (`readChunkOffThread`); a WRITEABLE that comes while that read is under way waits for it.
    private func writeDeferredResponse(_ wsi: OpaquePointer) -> Int32 {
        guard let exchange = deferredHTTP.exchange(on: wsi), let response = exchange.response else { return 0 }
        let length = response.contentLength
        if !exchange.headersWritten {
            guard HTTPResponseWriter.writeHeaders(of: response, to: wsi) else { return -1 }
            exchange.headersWritten = true
            deferredHTTP.noteBodyBytesInMemory(response.body.count)
        } else {
            let end = min(exchange.bodyOffset + DeferredHTTPExchanges.chunkSize, length)
            let isLast = end == length
            let written: Bool
            if let file = response.file {
                let count = end - exchange.bodyOffset
                guard var chunk = takeFileChunk(of: file, count: count, for: exchange) else {
                    if case .failed = exchange.offThreadRead { return -1 }
                    return 0
                }
                deferredHTTP.noteBodyBytesInMemory(count)
                written = HTTPResponseWriter.writeBody(prepared: &chunk, to: wsi, final: isLast)
            } else {
                written = HTTPResponseWriter.writeBody(
                    response.body[exchange.bodyOffset..<end], to: wsi, final: isLast)
            }
            // The exchange (and a file's descriptor with it) ends when lws closes the connection.
            guard written else { return -1 }
            exchange.bodyOffset = end
            // The reader is taking the body: its deadline counts from this progress, so a large
            // download over a slow link is not cut off (the deadline is for idle connections).
            // lws's own pending timeout (`timeout_secs`, armed with the request) would cut it
            // too; ours covers the connection from here.
            pendingConnections.accepted(wsi, now: DispatchTime.now().uptimeNanoseconds)
            lws_set_timeout(wsi, NO_PENDING_TIMEOUT, 0)
        }
        if exchange.isHead || exchange.bodyOffset == length {
            deferredHTTP.end(on: wsi)  // releases a file body: its descriptor closes
            pendingConnections.accepted(wsi, now: DispatchTime.now().uptimeNanoseconds)
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        // A file body's chunk being read asks for WRITEABLE itself, once it is in memory.
        if case .reading = exchange.offThreadRead { return 0 }
        lws_callback_on_writable(wsi)
        return 0
    }

    /// Where file bodies are read when they are not in the page cache: such a read waits for
    /// the disk, and the service thread must not (every other connection would wait with it).
    /// Concurrent, so that one slow file does not hold up another's reads.
    static let fileReads = DispatchQueue(label: "checkwire.file-reads", qos: .userInitiated, attributes: .concurrent)

    /// The `count` bytes of a file body at the exchange's offset: read here when they are all
    /// in the page cache (a copy), else the chunk a read on `fileReads` brought back. `nil`
    /// while such a read is under way (its completion asks for WRITEABLE), or when it failed
    /// (`offThreadRead` says which).
    private func takeFileChunk(
        of file: HTTPFileRegion, count: Int, for exchange: DeferredHTTPExchanges.Exchange
    ) -> [UInt8]? {
        switch exchange.offThreadRead {
        case .reading, .failed: return nil
        case .read(let chunk):
            exchange.offThreadRead = .none
            return chunk
        case .none:
            let offset = file.range.lowerBound + exchange.bodyOffset
            if let chunk = HTTPResponseWriter.readChunk(of: file.file, offset: offset, count: count, cachedOnly: true) {
                return chunk
            }
            readChunkOffThread(of: file.file, at: offset, count: count, for: exchange)
            return nil
        }
    }

    /// Reads `count` bytes of `file` at `offset` on `fileReads`; back on the service thread the
    /// chunk is kept for the next WRITEABLE, which it asks for, unless the exchange ended
    /// meanwhile (its connection closed: the chunk is dropped).
    private func readChunkOffThread(
        of file: HTTPFile, at offset: Int, count: Int, for exchange: DeferredHTTPExchanges.Exchange
    ) {
        exchange.offThreadRead = .reading
        deferredHTTP.chunksReadOffThread += 1
        let id = exchange.id
        Self.fileReads.async { [weak self] in
            let chunk = HTTPResponseWriter.readChunk(of: file, offset: offset, count: count, cachedOnly: false)
            self?.execute { [weak self] in self?.keepChunk(chunk, for: id) }
        }
    }

    /// A chunk read for exchange `id` (`nil`: the read failed), back on the service thread.
    private func keepChunk(_ chunk: [UInt8]?, for id: HTTPRequestID) {
        guard let wsi = deferredHTTP.connection(of: id), let exchange = deferredHTTP.exchange(on: wsi),
            exchange.id == id
        else { return }
        exchange.offThreadRead = chunk.map(DeferredHTTPExchanges.Exchange.OffThreadRead.read) ?? .failed
        lws_callback_on_writable(wsi)
    }

    /// The URL's query pairs (lws splits and URL-decodes them, one fragment per pair).
    static func queryArguments(of wsi: OpaquePointer) -> [String: String] {
        var pairs: [String: String] = [:]
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        while index < 32 {
            let length = lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index)
            guard length >= 0 else { break }
            let fragment = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let parts = fragment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if pairs[name] == nil { pairs[name] = parts.count > 1 ? String(parts[1]) : "" }
            index += 1
        }
        return pairs
    }

    static func requestHeaders(of wsi: OpaquePointer) -> [String: String] {
        let wanted: [(String, lws_token_indexes)] = [
            ("if-none-match", WSI_TOKEN_HTTP_IF_NONE_MATCH), ("authorization", WSI_TOKEN_HTTP_AUTHORIZATION),
            ("range", WSI_TOKEN_HTTP_RANGE), ("content-type", WSI_TOKEN_HTTP_CONTENT_TYPE),
            ("content-length", WSI_TOKEN_HTTP_CONTENT_LENGTH),
        ]
        var headers: [String: String] = [:]
        for (name, token) in wanted {
            if let value = LWSHeaders.value(of: token, in: wsi) { headers[name] = value }
        }
        return headers
    }
}
