private import CLibWebSockets
import Dispatch
import Glibc

/// Which connections are behind: the signal a delegate paces its senders by.
///
/// Why: when writers outpace the readers of what they write (one fast writer, a thousand
/// subscribers), the only other outcome is the slow-consumer bound, which closes every
/// subscriber at once. A delegate told that most of a fan-out's readers are behind can stop
/// reading from the writers until they catch up (`ChecklistServer`'s flow control).
///
/// The kernel must not hide the backlog: `kernelUnsentBytes` caps what a socket holds unsent,
/// so the bytes wait in our queue, where they are counted, and are written as the reader
/// takes them.
extension WebSocketServer {
    /// Re-derives `session.isBehind` after its queue grew or shrank (or at the sweep), and
    /// remembers a change for the next report. A queue must stay over `behindBytes` for
    /// `behindAfterMilliseconds` to count: a fast reader handed one large store batch at once
    /// (300 KB to a single subscriber in a durable-edit run) drains it in a millisecond or two
    /// and is not behind; counting it paused that run's writers 755 times in 5 s for nothing.
    func noteBacklog(_ session: ServerSession) {
        let queued = session.unsentBytes - session.requestedAllowance
        let behind: Bool
        if session.isStalled {
            behind = false
        } else if session.isBehind {
            behind = queued >= configuration.caughtUpBytes
        } else if queued > configuration.behindBytes {
            let now = DispatchTime.now().uptimeNanoseconds
            if session.overSince == 0 { session.overSince = now }
            behind = now &- session.overSince >= UInt64(configuration.behindAfterMilliseconds) * 1_000_000
        } else {
            behind = false
        }
        if !behind, queued <= configuration.behindBytes { session.overSince = 0 }
        guard behind != session.isBehind else { return }
        session.isBehind = behind
        if behind { session.overSince = 0 }
        behindChanges.append(session.id)
    }

    /// lws took bytes of `session`'s queue: it is reading, so not stalled.
    func noteProgress(_ session: ServerSession) {
        session.lastWrite = DispatchTime.now().uptimeNanoseconds
        if session.isStalled {
            session.isStalled = false
            noteBacklog(session)
        }
    }

    /// Once a second (the deadline sweep): a connection behind that took nothing for
    /// `stalledAfterSeconds` is stalled, and no longer reported behind; one whose queue has
    /// stayed over `behindBytes` without a send or write since is looked at again.
    func markStalledConnections() {
        let now = DispatchTime.now().uptimeNanoseconds
        let limit = UInt64(configuration.stalledAfterSeconds) * 1_000_000_000
        for session in sessions.values where session.isBehind || session.overSince != 0 {
            if session.isBehind, now &- session.lastWrite > limit { session.isStalled = true }
            noteBacklog(session)
        }
        scheduleBehindReport()
    }

    /// At the end of a service turn: if any connection changed, report them in the next turn
    /// (posted through the inbox, which wakes the loop). Not now: the delegate may queue
    /// frames, and this turn's writes are done.
    func scheduleBehindReport() {
        guard !behindChanges.isEmpty, !behindReportScheduled else { return }
        behindReportScheduled = true
        execute { [weak self] in self?.reportBehindChanges() }
    }

    /// Tells the delegate of every connection whose state differs from what it was last told.
    func reportBehindChanges() {
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
}
