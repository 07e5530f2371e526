/// How often and how far apart a delivery is tried again after a transient failure: doubling
/// delays from `firstDelay` up to `longestDelay`, each drawn between half and all of that
/// (so a thousand deliveries failed together do not come back together), and a server's
/// `Retry-After` honoured as asked, up to `longestRetryAfter`.
///
/// Pure: the random draw is an argument, so the schedule is tested exactly.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var attempts: Int
    public var firstDelay: Duration
    public var longestDelay: Duration
    /// A `Retry-After` longer than this gives up instead of waiting (a reminder hours late is
    /// worth less than its failure reported now).
    public var longestRetryAfter: Duration

    public init(attempts: Int, firstDelay: Duration, longestDelay: Duration, longestRetryAfter: Duration) {
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
        self.longestDelay = max(firstDelay, longestDelay)
        self.longestRetryAfter = longestRetryAfter
    }

    /// The wait before attempt `attempt + 1`, or `nil` to give up.
    ///
    /// - Parameters:
    ///   - attempt: the attempt that just failed, from 1.
    ///   - retryAfter: what the server asked for, if anything.
    ///   - draw: a number in [0, 1) that places the delay between half and all of its step.
    public func delay(after attempt: Int, retryAfter: Duration?, draw: Double) -> Duration? {
        guard attempt < attempts else { return nil }
        if let retryAfter {
            return retryAfter <= longestRetryAfter ? max(retryAfter, .zero) : nil
        }
        var step = firstDelay
        for _ in 1..<max(1, attempt) where step < longestDelay { step *= 2 }
        step = min(step, longestDelay)
        return step * (0.5 + 0.5 * min(max(draw, 0), 1))
    }
}
