private import CLibWebSockets
import Dispatch
import Glibc

/// How far behind each connection is: the signals a delegate paces its senders by, and the
/// one rule that closes a connection for being slow.
///
/// Why: when writers outpace the readers of what they write (one fast writer, a thousand
/// subscribers), a server must either slow the writers, keep the readers' backlog somewhere
/// other than memory, or drop the readers. The transport gives the delegate what it needs
/// for the first two, and keeps the third for readers that stopped reading:
/// - **Behind**: more than `behindBytes` queued beyond a burst the peer asked for, until fewer
///   than `caughtUpBytes` are. Bytes only, no time window, so what it means does not depend on
///   how fast the machine is. A delegate told that most of a fan-out's readers are behind can
///   stop reading from the writers (`ChecklistServer`'s flow control).
/// - **Refused streams**: a live frame with no room under `maxUnsentBytes` is not queued; the
///   stream it belongs to is refused for that connection until the delegate resumes it, having
///   sent what was refused from its own record (`broadcast(_:to:stream:refused:)`).
/// - **Drained**: the delegate may ask to hear when a queue is down to `caughtUpBytes`
///   (`watchDrain(of:)`), to send the next part of such a record.
/// - **Stalled**: bytes waiting and no sign of reading for `stalledAfterSeconds` (lws took
///   nothing, and the kernel's unacknowledged bytes did not go down). A stalled connection is
///   not reported behind (waiting for it would hold its writers for ever), and it is closed
///   with `slowConsumerCloseCode` once it is over the bound or refuses a stream. A connection
///   that reads, however slowly, is never closed for its backlog's sake by a live frame.
///
/// The kernel must not hide the backlog: `kernelUnsentBytes` caps what a socket holds unsent,
/// so the bytes wait in our queue, where they are counted, and are written as the reader
/// takes them.
extension WebSocketServer {
    /// Re-derives `session.isBehind` after its queue grew or shrank (or at the sweep), and
    /// remembers a change for the next report.
    func noteBacklog(_ session: ServerSession) {
        let queued = session.unsentBytes - session.requestedAllowance
        let behind: Bool
        if session.isStalled {
            behind = false
        } else if session.isBehind {
            behind = queued >= configuration.caughtUpBytes
        } else {
            behind = queued > configuration.behindBytes
        }
        guard behind != session.isBehind else { return }
        session.isBehind = behind
        behindChanges.append(session.id)
    }

    /// The queue of `session` shrank: it may have caught up, or drained as its delegate waits.
    func noteQueueShrank(_ session: ServerSession) {
        if session.isBehind { noteBacklog(session) }
        if session.watchesDrain, session.unsentBytes - session.requestedAllowance <= configuration.caughtUpBytes {
            session.watchesDrain = false
            drainedConnections.append(session.id)
        }
    }

    /// lws took bytes of `session`'s queue: it is reading, so not stalled. (No clock read:
    /// this runs for every write; the sweep turns it into a time.)
    func noteProgress(_ session: ServerSession) {
        session.wroteSinceSweep = true
        if session.isStalled {
            session.isStalled = false
            noteBacklog(session)
        }
    }

    /// Asks to be told (`webSocketServer(_:connectionDrained:)`, in a later service turn) once
    /// `connection` has at most `caughtUpBytes` queued — at once if it already has (service
    /// thread only). One report per call; unknown or closing connections are ignored.
    public func watchDrain(of connection: ConnectionID) {
        precondition(isServiceThread, "WebSocketServer.watchDrain called off the service thread")
        guard let session = sessions[connection], session.closeRequest == nil, !session.watchesDrain else { return }
        session.watchesDrain = true
        noteQueueShrank(session)
    }

    /// Once a second (the deadline sweep): a connection with bytes waiting that showed no sign
    /// of reading for `stalledAfterSeconds` is stalled; a stalled one over the bound, or with
    /// a stream refused, is closed with `slowConsumerCloseCode`.
    func markStalledConnections() {
        let now = DispatchTime.now().uptimeNanoseconds
        let limit = UInt64(configuration.stalledAfterSeconds) * 1_000_000_000
        for session in sessions.values where session.closeRequest == nil {
            guard isWaitingOnPeer(session) else {
                session.unacknowledgedAtLastSweep = Int.max
                session.wroteSinceSweep = false
                continue
            }
            let unacknowledged = Int(checkwire_socket_unacknowledged_bytes(lws_get_socket_fd(session.wsi)))
            if session.wroteSinceSweep || unacknowledged < session.unacknowledgedAtLastSweep {
                session.lastProgress = now
                noteProgress(session)
            }
            session.wroteSinceSweep = false
            session.unacknowledgedAtLastSweep = unacknowledged >= 0 ? unacknowledged : Int.max
            if !session.isStalled, now &- session.lastProgress > limit {
                session.isStalled = true
                noteBacklog(session)
            }
            if session.isStalled, !session.refusedStreams.isEmpty || isOverBound(session, adding: 0) {
                closeAsSlowConsumer(session)
            }
        }
        scheduleBehindReport()
    }

    /// Whether queuing `bytes` more for `session` would take it past `maxUnsentBytes` (beyond
    /// the bursts it asked for).
    func isOverBound(_ session: ServerSession, adding bytes: Int) -> Bool {
        session.unsentBytes + bytes > configuration.maxUnsentBytes + session.requestedAllowance
    }

    /// Drops `session`'s queue and closes it with `slowConsumerCloseCode`.
    func closeAsSlowConsumer(_ session: ServerSession) {
        session.queue.removeAll()
        session.unsentBytes = 0
        session.refusedStreams.removeAll()
        requestClose(session, CloseRequest(code: configuration.slowConsumerCloseCode, reason: "slow consumer"))
    }

    /// At the end of a service turn: if any connection changed, report them in the next turn
    /// (posted through the inbox, which wakes the loop). Not now: the delegate may queue
    /// frames, and this turn's writes are done.
    func scheduleBehindReport() {
        guard !behindChanges.isEmpty || !drainedConnections.isEmpty, !behindReportScheduled else { return }
        behindReportScheduled = true
        execute { [weak self] in self?.reportBacklogChanges() }
    }

    /// Tells the delegate of every connection whose state differs from what it was last told,
    /// and of every watched connection that drained.
    func reportBacklogChanges() {
        behindReportScheduled = false
        let changed = behindChanges
        behindChanges.removeAll(keepingCapacity: true)
        for id in changed {
            guard let session = sessions[id], session.closeRequest == nil,
                session.isBehind != session.reportedBehind
            else { continue }
            session.reportedBehind = session.isBehind
            delegate?.webSocketServer(self, connection: id, isBehind: session.isBehind)
        }
        let drained = drainedConnections
        drainedConnections.removeAll(keepingCapacity: true)
        for id in drained where sessions[id]?.closeRequest == nil {
            delegate?.webSocketServer(self, connectionDrained: id)
        }
    }

    /// Caps the kernel's unsent bytes on a new WebSocket (`kernelUnsentBytes`).
    func limitKernelUnsentBytes(_ wsi: OpaquePointer) {
        var bytes = Int32(clamping: configuration.kernelUnsentBytes)
        guard bytes > 0 else { return }
        let fd = lws_get_socket_fd(wsi)
        guard fd >= 0 else { return }
        _ = setsockopt(
            fd, Int32(IPPROTO_TCP), checkwire_tcp_notsent_lowat(), &bytes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Bytes are waiting for the peer to take them: more than a caught-up queue, or a refused
    /// stream that waits for the queue to drain.
    private func isWaitingOnPeer(_ session: ServerSession) -> Bool {
        session.unsentBytes - session.requestedAllowance > configuration.caughtUpBytes
            || !session.refusedStreams.isEmpty
    }
}
