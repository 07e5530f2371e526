/// Where a live subscription stands, for the status line.
public enum LiveState: Sendable, Equatable {
    /// Connecting (attempt 1 is the first try).
    case connecting(attempt: Int)
    /// Subscribed and caught up: every event from here on arrives live.
    case live
    /// Lost or could not connect; retrying after `delaySeconds`.
    case waiting(delaySeconds: Double, attempt: Int, reason: String)
    /// Gave up for a reason retrying cannot fix (revoked, logged out, no such list).
    case ended(reason: String)
}
