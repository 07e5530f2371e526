import DequeModule
internal import CLibWebSockets

/// Connection work and lws callback handling for the client engine (service thread).
extension WebSocketClient {
    func handleEvent(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_CLIENT_WRITEABLE:
            guard let session = session(of: wsi) else { return 0 }
            return writeNext(wsi, session: session)
        case LWS_CALLBACK_CLIENT_RECEIVE:
            if let session = session(of: wsi) {
                receive(wsi, session: session, UnsafeRawBufferPointer(start: input, count: length))
            }
            return 0
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            loop.drainInbox()
            return 0
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            if let session = session(of: wsi) { established(wsi, session: session) }
            return 0
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            if let session = session(of: wsi) {
                session.peerClose = Self.parseClosePayload(UnsafeRawBufferPointer(start: input, count: length))
            }
            return 0
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            if let session = session(of: wsi) {
                let reason = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection error"
                failed(session, reason: reason)
            }
            return 0
        case LWS_CALLBACK_RAW_CONNECTED, LWS_CALLBACK_RAW_RX, LWS_CALLBACK_RAW_WRITEABLE, LWS_CALLBACK_RAW_CLOSE:
            guard let session = session(of: wsi), let bulk = session.bulk else { return 0 }
            return handleBulkEvent(
                wsi, reason, session: session, bulk: bulk, UnsafeRawBufferPointer(start: input, count: length))
        case LWS_CALLBACK_CLIENT_CLOSED:
            if let session = session(of: wsi), session.wsi != nil {
                sessions[session.id] = nil
                let close = session.peerClose ?? session.closeRequest
                delegate?.webSocketClient(self, didClose: session.id, code: close?.code, reason: close?.reason ?? "")
            }
            return 0
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    }

    // MARK: - Work posted through the inbox

    func performConnect(_ id: ConnectionID, url: String, subprotocol: String?, origin: String?) {
        let session = ClientSession(id: id, maxMessageSize: maxMessageSize)
        sessions[id] = session
        guard let context, let target = try? WebSocketURL(url) else {
            failed(session, reason: "invalid URL \(url)")
            return
        }
        let strings = CMemoryArena()  // lws copies connect-info strings; freed on return
        var info = lws_client_connect_info()
        info.context = context
        info.address = strings.cString(target.host)
        info.port = Int32(target.port)
        info.path = strings.cString(target.path)
        info.host = strings.cString(target.hostHeader)
        if framing == .bulk, !target.isSecure {
            // A raw socket: the engine sends the upgrade and parses the frames itself.
            let bulk = BulkConnection(maxMessageSize: maxMessageSize)
            bulk.pendingWrites = [
                bulk.handshake.request(
                    path: target.path, host: target.hostHeader, subprotocol: subprotocol, origin: origin
                )
            ]
            session.bulk = bulk
            info.method = strings.cString("RAW")
            info.local_protocol_name = strings.cString(Self.rawProtocolName)
            info.opaque_user_data = UnsafeMutableRawPointer(bitPattern: UInt(id.rawValue))
            if lws_client_connect_via_info(&info) == nil, sessions[id] != nil {
                failed(session, reason: "connect failed")
            }
            return
        }
        info.origin = origin.map(strings.cString)
        info.protocol = subprotocol.map(strings.cString)
        info.local_protocol_name = strings.cString(Self.protocolName)
        info.ietf_version_or_minus_one = -1
        info.opaque_user_data = UnsafeMutableRawPointer(bitPattern: UInt(id.rawValue))
        if target.isSecure {
            var flags = LCCSCF_USE_SSL.rawValue
            if allowsSelfSignedCertificates {
                flags |= LCCSCF_ALLOW_SELFSIGNED.rawValue | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK.rawValue
            }
            info.ssl_connection = Int32(flags)
        }
        // NULL: lws suppressed CONNECTION_ERROR during the call, unless it already reported it.
        if lws_client_connect_via_info(&info) == nil, sessions[id] != nil {
            failed(session, reason: "connect failed")
        }
    }

    func enqueue(_ frames: [OutboundFrame], on id: ConnectionID) {
        guard let session = sessions[id], session.closeRequest == nil else { return }
        let wasIdle = session.queue.isEmpty
        for frame in frames { session.queue.append(frame) }
        if wasIdle, let wsi = session.wsi { lws_callback_on_writable(wsi) }
    }

    func performClose(_ id: ConnectionID, _ request: CloseRequest) {
        guard let session = sessions[id], session.closeRequest == nil else { return }
        session.closeRequest = request
        if let wsi = session.wsi, session.queue.isEmpty { lws_callback_on_writable(wsi) }
    }

    // MARK: - Events

    func session(of wsi: OpaquePointer) -> ClientSession? {
        guard let opaque = lws_get_opaque_user_data(wsi) else { return nil }
        return sessions[ConnectionID(rawValue: UInt64(UInt(bitPattern: opaque)))]
    }

    func established(_ wsi: OpaquePointer, session: ClientSession) {
        session.wsi = wsi
        delegate?.webSocketClient(self, didConnect: session.id)
        if !session.queue.isEmpty || session.closeRequest != nil { lws_callback_on_writable(wsi) }
    }

    func failed(_ session: ClientSession, reason: String) {
        sessions[session.id] = nil
        delegate?.webSocketClient(self, didFailToConnect: session.id, reason: reason)
    }

    private func receive(_ wsi: OpaquePointer, session: ClientSession, _ chunk: UnsafeRawBufferPointer) {
        guard session.closeRequest == nil else { return }
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
            delegate?.webSocketClient(self, didReceive: message, from: session.id)
        case .tooBig:
            session.queue.removeAll()
            performClose(session.id, CloseRequest(code: 1009, reason: "message too big"))
        }
    }

    /// One `lws_write` per WRITEABLE, from the frame's own copy (lws masks it in place).
    private func writeNext(_ wsi: OpaquePointer, session: ClientSession) -> Int32 {
        if let frame = session.queue.popFirst() {
            let written = lws_write(wsi, frame.payload, frame.count, frame.writeProtocol)
            guard written >= frame.count else { return -1 }
            if !session.queue.isEmpty || session.closeRequest != nil { lws_callback_on_writable(wsi) }
            return 0
        }
        guard let request = session.closeRequest, !session.closeFrameSent else { return 0 }
        session.closeFrameSent = true  // later WRITEABLEs must not return -1 again
        LWSClose.setReason(request, on: wsi)
        return -1
    }

    /// A close frame's payload: a big-endian status code, then a UTF-8 reason.
    static func parseClosePayload(_ payload: UnsafeRawBufferPointer) -> CloseRequest? {
        guard payload.count >= 2 else { return nil }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        return CloseRequest(code: code, reason: String(decoding: payload.dropFirst(2), as: UTF8.self))
    }
}
