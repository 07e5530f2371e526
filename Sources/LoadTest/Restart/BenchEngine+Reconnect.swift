import ChecklistClient
import HeapModule
import Transport

/// A connection due to be opened again, on the clients' reconnect schedule.
struct PendingRetry: Comparable {
    enum Owner {
        case subscriber(Int)
        case writer(Int)
    }

    var due: UInt64
    var owner: Owner

    static func < (lhs: PendingRetry, rhs: PendingRetry) -> Bool { lhs.due < rhs.due }
    static func == (lhs: PendingRetry, rhs: PendingRetry) -> Bool { lhs.due == rhs.due }
}

/// Clients that come back by themselves (`reconnectsByItself`): a lost or refused connection
/// waits the next delay of `Backoff`, the schedule Checkwire's own clients use, then connects
/// again; a subscriber authenticates and resubscribes with `since` = the last `seq` it applied
/// (`didConnect`), a writer authenticates and goes on writing.
extension BenchEngine {
    func scheduleRetry(subscriber index: Int) {
        let now = MonotonicClock.now()
        let delay = subscribers[index].backoff.next()
        if subscribers[index].attempts == 0 { firstRetryDelays.record(nanoseconds: Self.nanoseconds(delay)) }
        subscribers[index].attempts += 1
        mostAttempts = max(mostAttempts, subscribers[index].attempts)
        subscribers[index].phase = .waiting
        subscribers[index].reconnecting = true
        counters.retries += 1
        retries.insert(PendingRetry(due: now &+ Self.nanoseconds(delay), owner: .subscriber(index)))
    }

    func scheduleRetry(writer index: Int) {
        let delay = writers[index].backoff.next()
        retries.insert(
            PendingRetry(due: MonotonicClock.now() &+ Self.nanoseconds(delay), owner: .writer(index)))
    }

    /// How long an attempt may take from `connect` to `subscribed` before the client gives up
    /// on it and tries again on its schedule, as a real client's connect and request timeouts
    /// do. Why: a connection attempt that reached a server in the middle of its shutdown can be
    /// left with neither an answer nor an error.
    static let attemptTimeout: UInt64 = 10_000_000_000

    /// Gives up on the attempts older than `attemptTimeout` (checked twice a second).
    func abandonStalledAttempts(now: UInt64) {
        guard now &- lastStallCheck >= 500_000_000 else { return }
        lastStallCheck = now
        for index in subscribers.indices
        where subscribers[index].phase == .connecting || subscribers[index].phase == .open {
            guard now &- subscribers[index].startedAt > Self.attemptTimeout,
                let connection = subscribers[index].connection
            else { continue }
            owners[connection] = nil
            client.close(connection, code: 1000, reason: "timed out")
            if subscribers[index].phase == .connecting { connecting -= 1 }
            subscribers[index].connection = nil
            abandonedAttempts += 1
            scheduleRetry(subscriber: index)
        }
    }

    /// Opens the connections whose delay is over, at most `maxConnecting` handshakes at a
    /// time, and gives up on stalled attempts. The runner calls it every few milliseconds.
    ///
    /// Why the bound: the clients of a real restart are many machines, each opening its own
    /// connection; here one thread opens them all. Unbounded, it started ~10,000 handshakes in
    /// one turn, could not serve them within an attempt's 10 s, gave them up and started
    /// again: every give-up left a port in TIME_WAIT, and `connect` itself slowed to a crawl
    /// searching the ephemeral range. A client kept waiting here still counts from the new
    /// server's `/healthz` 200, so the bound can only make the figures worse, never better.
    func pumpRetries() {
        let now = MonotonicClock.now()
        abandonStalledAttempts(now: now)
        while let next = retries.min, next.due <= now {
            if case .subscriber = next.owner, connecting >= configuration.maxConnecting { break }
            _ = retries.removeMin()
            switch next.owner {
            case .subscriber(let index):
                guard subscribers[index].phase == .waiting else { continue }
                openSubscriber(index)
            case .writer(let index):
                guard case .checkwire(let url) = configuration.target, writers[index].connection == nil else {
                    continue
                }
                let id = client.connect(to: url)
                writers[index].connection = id
                owners[id] = .writer(index)
            }
        }
    }

    /// Subscribers live again, resubscribed and answered after `instant` (the old server's
    /// exit, so by the new one), and the times they were, in nanoseconds after `origin` (0 for
    /// one that was before it).
    func caughtUp(after instant: UInt64, measuredFrom origin: UInt64) -> (count: Int, latency: LatencyRecorder) {
        var latency = LatencyRecorder()
        var count = 0
        for index in subscribers.indices
        where subscribers[index].phase == .live && subscribers[index].caughtUpAt > instant {
            count += 1
            let at = subscribers[index].caughtUpAt
            latency.record(nanoseconds: at > origin ? at - origin : 0)
        }
        return (count, latency)
    }

    /// How many subscribers saw a gap, and how many a duplicate.
    var perClientChecks: (gaps: Int, duplicates: Int) {
        var gaps = 0
        var duplicates = 0
        for index in subscribers.indices {
            if subscribers[index].sawGap { gaps += 1 }
            if subscribers[index].sawDuplicate { duplicates += 1 }
        }
        return (gaps, duplicates)
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let parts = duration.components
        return UInt64(max(0, parts.seconds)) * 1_000_000_000 + UInt64(max(0, parts.attoseconds) / 1_000_000_000)
    }
}
