internal import CLibWebSockets
import Dispatch
import Synchronization

/// Accepted connections that have not become WebSockets yet, by the time they were accepted
/// (or last completed an HTTP request). Service thread only.
///
/// Why our own: lws 4.1 leaves an unfinished request, an idle keep-alive connection or a
/// connection that never sends a byte to its ~30 s idle sweep, and a `CONNECT` to none; a few
/// thousand of them exhausted the descriptors. Here each gets `httpTimeoutSeconds`.
struct PendingConnections {
    private var since: [OpaquePointer: UInt64] = [:]
    /// Uploads whose reading the server itself paused (its disk writer fell behind): the
    /// silence is ours, not the client's, so their deadline waits until reading resumes.
    private var paused: Set<OpaquePointer> = []

    var count: Int { since.count }

    mutating func accepted(_ wsi: OpaquePointer, now: UInt64) { since[wsi] = now }

    mutating func gone(_ wsi: OpaquePointer) {
        since[wsi] = nil
        paused.remove(wsi)
    }

    /// Reading stopped (`false`) or resumed (`true`) by the server; a resume restarts the deadline.
    mutating func setReading(_ reading: Bool, on wsi: OpaquePointer, now: UInt64) {
        if reading {
            paused.remove(wsi)
            if since[wsi] != nil { since[wsi] = now }
        } else {
            paused.insert(wsi)
        }
    }

    /// Removes and returns the connections accepted more than `timeout` nanoseconds before
    /// `now`, except those the server paused.
    mutating func expired(now: UInt64, timeout: UInt64) -> [OpaquePointer] {
        let late = since.filter { now &- $0.value > timeout && !paused.contains($0.key) }.map(\.key)
        for wsi in late { since[wsi] = nil }
        return late
    }
}

extension WebSocketServer {
    /// Every accepted connection gets a deadline to become a WebSocket (or to finish its HTTP
    /// request), and leaves the table when it ends, on whichever protocol it ends. Both lws
    /// protocol handlers call this first; `nil` for the reasons it does not handle.
    func trackDeadline(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32? {
        switch reason {
        case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
            pendingConnections.accepted(wsi, now: DispatchTime.now().uptimeNanoseconds)
            return 0
        case LWS_CALLBACK_WSI_DESTROY:
            pendingConnections.gone(wsi)
            endExchange(on: wsi)
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        case LWS_CALLBACK_FILTER_HTTP_CONNECTION:
            // Every HTTP request, static files included: a header block over the limit gets
            // 431, a `Host` this server does not answer to 421 (DNS rebinding; see `HostPolicy`).
            if headerBlockLimit.isExceeded(by: wsi) { return headerBlockLimit.refuse(wsi) }
            guard hostPolicy.allows(host: LWSHeaders.value(of: WSI_TOKEN_HOST, in: wsi)) else {
                _ = lws_return_http_status(wsi, 421, nil)
                return 1
            }
            return nil
        default:
            return nil
        }
    }

    /// A once-a-second timer that posts the sweep to the service thread (`execute` wakes it).
    func startDeadlineSweep() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(200))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.execute { [weak self] in
                self?.closeExpiredPendingConnections()
                self?.markStalledConnections()
                self?.checkLiveness(now: DispatchTime.now().uptimeNanoseconds)
            }
        }
        timer.resume()
        let sweep = SweepTimer(source: timer)
        deadlineSweep.withLock { $0 = sweep }
    }

    /// Closes every pending connection past its deadline, at once.
    ///
    /// Synchronously (`LWS_TO_KILL_SYNC`, safe here: this runs outside those connections'
    /// callbacks) rather than by a zero timeout: lws 4.1.6 inserts each timeout into one sorted
    /// list by a walk from its head, so thousands of zero timeouts in one sweep (after a
    /// reconnect storm the server could not keep up with) cost a quadratic walk.
    func closeExpiredPendingConnections() {
        let timeout = UInt64(configuration.httpTimeoutSeconds) * 1_000_000_000
        for wsi in pendingConnections.expired(now: DispatchTime.now().uptimeNanoseconds, timeout: timeout) {
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC)
        }
    }
}

/// The deadline sweep's timer, kept to be cancelled by `stop`.
// @unchecked Sendable: a dispatch source is thread-safe; Dispatch does not mark it `Sendable`.
struct SweepTimer: @unchecked Sendable {
    let source: any DispatchSourceTimer
}
