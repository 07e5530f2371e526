/// Slows down password guessing: failed logins are counted per username and per
/// connection over a sliding window, and past a limit further attempts are refused with
/// `rateLimited` until the window has moved on. Time is passed in (seconds, monotonic).
struct LoginThrottle {
    var perUsernameLimit = 5
    var perConnectionLimit = 10
    var window: Double = 60
    private var failuresByUsername: [String: [Double]] = [:]
    private var failuresByConnection: [UInt64: [Double]] = [:]

    /// Seconds to wait before trying again, or `nil` when an attempt may go ahead.
    mutating func retryAfter(username: String?, connection: UInt64, now: Double) -> Int? {
        var wait: Double = 0
        if let username {
            let key = username.lowercased()
            let recent = prune(failuresByUsername[key], now: now)
            failuresByUsername[key] = recent.isEmpty ? nil : recent
            if recent.count >= perUsernameLimit, let oldest = recent.first { wait = max(wait, oldest + window - now) }
        }
        let recent = prune(failuresByConnection[connection], now: now)
        failuresByConnection[connection] = recent.isEmpty ? nil : recent
        if recent.count >= perConnectionLimit, let oldest = recent.first { wait = max(wait, oldest + window - now) }
        return wait > 0 ? Int(wait.rounded(.up)) : nil
    }

    mutating func recordFailure(username: String?, connection: UInt64, now: Double) {
        // Guessing with ever new usernames must not grow the table without bound.
        if failuresByUsername.count > 10_000 {
            failuresByUsername = failuresByUsername.filter { _, times in times.contains { now - $0 < window } }
        }
        if let username { failuresByUsername[username.lowercased(), default: []].append(now) }
        failuresByConnection[connection, default: []].append(now)
    }

    mutating func recordSuccess(username: String) {
        failuresByUsername[username.lowercased()] = nil
    }

    mutating func forget(connection: UInt64) {
        failuresByConnection[connection] = nil
    }

    private func prune(_ times: [Double]?, now: Double) -> [Double] {
        (times ?? []).filter { now - $0 < window }
    }
}
