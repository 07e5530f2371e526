import DequeModule
private import CLibWebSockets

/// Writing queued frames (service thread).
///
/// Frames are written at the end of the service turn that queued them (`flushQueuedWrites`),
/// straight from the loop, and only a connection whose socket did not take everything waits
/// for a WRITEABLE callback. Why: asking lws for WRITEABLE costs a loop turn per write and,
/// on the epoll loop, two `epoll_ctl` calls to turn write interest on and off again. Writing
/// at the end of the turn keeps the coalescing (every frame the turn queued for a connection
/// goes out in one send) and needs neither.
///
/// Except for a connection lws handed input during the turn: its frames wait for WRITEABLE.
/// Why: lws 4.1.6 answers a PING itself, with no callback — it stashes the pong and sends it
/// first thing at the connection's next POLLOUT, before the WRITEABLE callback
/// (lib/roles/ws/ops-ws.c:514–545 and 1292–1316). A reply written straight from the loop in
/// the turn that read `fragment, PING, fragment` would overtake that pong (Autobahn 5.6,
/// 5.19, 5.20); written from WRITEABLE it follows it. Only replies written in the very turn
/// their request arrived (an echo, an error for bad input) take the extra loop turn.
extension WebSocketServer {
    /// What one write of a connection's queue did.
    enum QueueWrite {
        case wrote
        case nothingQueued
        case failed
    }

    /// Writes what `session` has queued: several frames packed into one send (see
    /// `FrameCoalescer`), or the first frame alone. lws keeps any part the kernel did not
    /// take and sends it before anything else (`lws_partial_buffered` says so meanwhile).
    func writeQueued(_ session: ServerSession) -> QueueWrite {
        let wsi = session.wsi
        if let packed = coalescer.pack(from: &session.queue) {
            session.unsentBytes -= packed.payload
            session.requestedAllowance = max(0, session.requestedAllowance - packed.payload)
            noteQueueShrank(session)
            let written = lws_write(wsi, packed.bytes, packed.count, LWS_WRITE_HTTP)  // = LWS_WRITE_RAW
            noteProgress(session)
            return written >= packed.count ? .wrote : .failed
        }
        guard let frame = session.queue.popFirst() else { return .nothingQueued }
        session.unsentBytes -= frame.count
        session.requestedAllowance = max(0, session.requestedAllowance - frame.count)
        noteQueueShrank(session)
        let written = lws_write(wsi, frame.payload, frame.count, frame.writeProtocol)
        noteProgress(session)
        return written >= frame.count ? .wrote : .failed  // a short write is an error
    }

    /// Writes, for every connection that had frames queued during this turn, what it has
    /// queued; a connection with bytes still buffered in lws, with more than one send's worth
    /// or with a close to send after its frames gets a WRITEABLE callback instead of (or after)
    /// this write.
    ///
    /// Invariant: a connection with frames queued is either listed here or waiting for
    /// WRITEABLE, which is why `send` lists it only when its queue was empty.
    func flushQueuedWrites() {
        defer { endReceivingTurn() }
        guard !connectionsToFlush.isEmpty else { return }
        swap(&connectionsToFlush, &connectionsBeingFlushed)
        defer { connectionsBeingFlushed.removeAll(keepingCapacity: true) }
        for id in connectionsBeingFlushed {
            guard let session = sessions[id], !session.queue.isEmpty else { continue }
            // A pong lws stashed this turn goes out before WRITEABLE: let it (see above).
            if lws_partial_buffered(session.wsi) != 0 || session.receivedThisTurn {
                lws_callback_on_writable(session.wsi)
                continue
            }
            switch writeQueued(session) {
            case .wrote:
                if !session.queue.isEmpty || session.closeRequest != nil { lws_callback_on_writable(session.wsi) }
            case .failed:
                // Outside a callback there is no -1 to return: lws closes it on its next turn.
                session.queue.removeAll()
                session.unsentBytes = 0
                lws_set_timeout(session.wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            case .nothingQueued:
                break
            }
        }
    }

    /// Forgets which connections received input this turn.
    private func endReceivingTurn() {
        for id in connectionsThatReceived { sessions[id]?.receivedThisTurn = false }
        connectionsThatReceived.removeAll(keepingCapacity: true)
    }

    /// LWS_CALLBACK_SERVER_WRITEABLE: one write of the queue, re-armed while there is more;
    /// then, once the queue is empty, the close frame of a pending close.
    func writeNext(_ wsi: OpaquePointer, session: ServerSession?) -> Int32 {
        guard let session else { return 0 }
        switch writeQueued(session) {
        case .failed:
            return -1
        case .wrote:
            if !session.queue.isEmpty || session.closeRequest != nil { lws_callback_on_writable(wsi) }
            return 0
        case .nothingQueued:
            break
        }
        guard let request = session.closeRequest, !session.closeFrameSent else { return 0 }
        if request.withoutHandshake {
            // Our own close frame, then -1 with no reason set: lws drops the socket at once.
            session.closeFrameSent = true
            let frame = OutboundFrame(closeFrameFor: request)
            _ = lws_write(wsi, frame.payload, frame.count, LWS_WRITE_HTTP)  // = LWS_WRITE_RAW
            return -1
        }
        // lws now sends the close frame and waits for the peer's; a second -1 (from a
        // WRITEABLE requested earlier) would drop the socket without waiting for that reply.
        session.closeFrameSent = true
        LWSClose.setReason(request, on: wsi)
        return -1
    }
}
