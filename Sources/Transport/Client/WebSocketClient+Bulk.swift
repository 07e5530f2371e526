import DequeModule
internal import CLibWebSockets

/// Events of `ClientFraming.bulk` connections: an lws raw socket on which the engine sends
/// the upgrade, parses the server's frames in bulk and masks its own (service thread).
extension WebSocketClient {
    func handleBulkEvent(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, session: ClientSession, bulk: BulkConnection,
        _ input: UnsafeRawBufferPointer
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_RAW_CONNECTED:
            bulk.wsi = wsi
            lws_callback_on_writable(wsi)
            return 0
        case LWS_CALLBACK_RAW_RX:
            return bulk.isUpgraded
                ? receiveFrames(input, session: session, bulk: bulk)
                : receiveUpgrade(wsi, input, session: session, bulk: bulk)
        case LWS_CALLBACK_RAW_WRITEABLE:
            return writeBulk(wsi, session: session, bulk: bulk)
        default:  // LWS_CALLBACK_RAW_CLOSE
            guard sessions[session.id] === session else { return 0 }
            if bulk.isUpgraded {
                sessions[session.id] = nil
                let close = session.peerClose ?? session.closeRequest
                delegate?.webSocketClient(self, didClose: session.id, code: close?.code, reason: close?.reason ?? "")
            } else {
                failed(session, reason: "the connection closed before the WebSocket upgrade")
            }
            return 0
        }
    }

    /// Collects the response head; on a valid 101 the connection is established and any
    /// bytes after the head are already frames.
    private func receiveUpgrade(
        _ wsi: OpaquePointer, _ input: UnsafeRawBufferPointer, session: ClientSession, bulk: BulkConnection
    ) -> Int32 {
        bulk.responseHead.append(contentsOf: input)
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard
            let end = bulk.responseHead.indices.dropLast(3).first(where: {
                bulk.responseHead[$0..<$0 + 4].elementsEqual(terminator)
            })
        else {
            if bulk.responseHead.count > 16 * 1024 {
                failed(session, reason: "the upgrade response is too long")
                return -1
            }
            return 0
        }
        let head = String(decoding: bulk.responseHead[..<end], as: UTF8.self)
        if let problem = bulk.handshake.problem(with: head) {
            failed(session, reason: problem)
            return -1
        }
        let rest = Array(bulk.responseHead[(end + 4)...])
        bulk.responseHead = []
        bulk.isUpgraded = true
        established(wsi, session: session)
        guard !rest.isEmpty, sessions[session.id] === session else { return 0 }
        return rest.withUnsafeBytes { receiveFrames($0, session: session, bulk: bulk) }
    }

    private func receiveFrames(_ input: UnsafeRawBufferPointer, session: ClientSession, bulk: BulkConnection) -> Int32 {
        guard !bulk.answeringClose else { return 0 }
        let events: [ServerFrameReader.Event]
        do {
            events = try bulk.reader.append(input)
        } catch .tooBig {
            session.queue.removeAll()
            performClose(session.id, CloseRequest(code: 1009, reason: "message too big"))
            return 0
        } catch {
            session.queue.removeAll()
            performClose(session.id, CloseRequest(code: 1002, reason: "protocol error"))
            return 0
        }
        for event in events {
            switch event {
            case .message(let message):
                guard session.closeRequest == nil else { continue }
                delegate?.webSocketClient(self, didReceive: message, from: session.id)
            case .ping(let payload):
                bulk.pendingWrites.append(
                    ClientFrameWriter.frame(opcode: 0xA, payload: payload, mask: maskingKeys.take()))
                if let wsi = bulk.wsi { lws_callback_on_writable(wsi) }
            case .pong:
                break
            case .close(let close):
                session.peerClose = close
                let reply = close.map { ClientFrameWriter.closePayload(code: $0.code, reason: "") } ?? []
                bulk.pendingWrites.append(
                    ClientFrameWriter.frame(opcode: 0x8, payload: reply, mask: maskingKeys.take()))
                bulk.answeringClose = true
                if let wsi = bulk.wsi { lws_callback_on_writable(wsi) }
                return 0
            }
            // The delegate may have closed or stopped this connection.
            if sessions[session.id] !== session { return 0 }
        }
        return 0
    }

    /// Payload bytes packed into one send at most (one message alone may be larger).
    static let bulkWriteBudget = 64 * 1024

    /// Writes what is due, in order: raw bytes (upgrade, pongs, a close reply), then queued
    /// messages framed and masked, then this side's close frame. A return of -1 drops the socket.
    private func writeBulk(_ wsi: OpaquePointer, session: ClientSession, bulk: BulkConnection) -> Int32 {
        if !bulk.pendingWrites.isEmpty {
            guard writeRaw(bulk.pendingWrites.removeFirst(), to: wsi) else { return -1 }
            if !bulk.pendingWrites.isEmpty || bulk.answeringClose
                || (bulk.isUpgraded && (!session.queue.isEmpty || session.closeRequest != nil))
            {
                lws_callback_on_writable(wsi)
            }
            return 0
        }
        if bulk.answeringClose { return -1 }
        guard bulk.isUpgraded else { return 0 }
        if !session.queue.isEmpty {
            // Every queued message in one send (up to a budget): a writer refilling its window
            // after a burst of acks would otherwise pay one system call and one poll turn per edit.
            var bytes: [UInt8] = []
            while let frame = session.queue.first, bytes.isEmpty || bytes.count + frame.count <= Self.bulkWriteBudget {
                session.queue.removeFirst()
                let opcode: UInt8 = frame.writeProtocol == LWS_WRITE_BINARY ? 0x2 : 0x1
                ClientFrameWriter.append(
                    opcode: opcode, payload: UnsafeBufferPointer(start: frame.payload, count: frame.count),
                    mask: maskingKeys.take(), to: &bytes
                )
            }
            guard writeRaw(bytes, to: wsi) else { return -1 }
            if !session.queue.isEmpty || session.closeRequest != nil { lws_callback_on_writable(wsi) }
            return 0
        }
        guard let request = session.closeRequest, !session.closeFrameSent else { return 0 }
        session.closeFrameSent = true
        bulk.pendingWrites.append(
            ClientFrameWriter.frame(
                opcode: 0x8, payload: ClientFrameWriter.closePayload(code: request.code, reason: request.reason),
                mask: maskingKeys.take()
            ))
        bulk.answeringClose = true  // after the close frame is written, drop the socket
        lws_callback_on_writable(wsi)
        return 0
    }

    /// Hands already framed bytes to lws unchanged (`LWS_WRITE_RAW`, spelled
    /// `LWS_WRITE_HTTP`); lws keeps whatever the kernel does not take and sends it first.
    private func writeRaw(_ bytes: [UInt8], to wsi: OpaquePointer) -> Bool {
        var bytes = bytes
        let count = bytes.count
        return bytes.withUnsafeMutableBufferPointer { lws_write(wsi, $0.baseAddress, count, LWS_WRITE_HTTP) } >= count
    }
}
