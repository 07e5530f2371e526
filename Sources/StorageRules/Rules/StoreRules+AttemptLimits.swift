public import ChecklistCore
public import ChecklistStore

/// Login throttling and the signup limit, over counts kept in the store (`AttemptKey`) so
/// that every server sharing it enforces one limit. Time is passed in.
extension StoreRules {
    /// Seconds a login for `username` (or a token's `auth`: `nil`) from `address` must wait,
    /// or `nil` when it may go ahead.
    public func loginWait(address: String, username: String?, at now: Timestamp) throws(StoreError) -> Int? {
        do throws(StorageFailure) {
            var wait = 0.0
            for key in LoginThrottle.keys(address: address, username: username) {
                let free = key.username.isEmpty ? throttle.freeFailuresPerAddress : throttle.freeFailuresPerAccount
                wait = max(wait, throttle.remaining(after: try port.attempts(key), free: free, now: now))
            }
            return wait > 0 ? Int(wait.rounded(.up)) : nil
        } catch {
            throw failed(error)
        }
    }

    /// Counts a failed login (or a token's failed `auth`, `username` `nil`).
    public func loginFailed(address: String, username: String?, at now: Timestamp) throws(StoreError) {
        do throws(StorageFailure) {
            let startOver = now.before(seconds: throttle.window)
            for key in LoginThrottle.keys(address: address, username: username) {
                try port.write(.counted(key, at: now, startOverBefore: startOver, from: .last))
            }
            try forgetStaleAttempts(now: now)
        } catch {
            throw failed(error)
        }
    }

    /// A correct password clears that account's count from that address (not the address's:
    /// one right guess among a spray does not buy more guesses).
    public func loginSucceeded(address: String, username: String) throws(StoreError) {
        do throws(StorageFailure) {
            try port.write(.cleared(AttemptKey(.loginFailure, address: address, username: username)))
        } catch {
            throw failed(error)
        }
    }

    /// Admits (and counts) a signup attempt from `address`, or returns the seconds until one
    /// will be admitted. `limit` 0 admits every attempt.
    public func admitSignup(address: String, limit: Int, at now: Timestamp) throws(StoreError) -> Int? {
        let policy = SignupLimit(limit: limit)
        guard policy.limit > 0 else { return nil }
        do throws(StorageFailure) {
            let key = AttemptKey(.signup, address: address)
            let startOver = now.before(seconds: policy.window)
            if let counted = try port.attempts(key), counted.first >= startOver, counted.count >= policy.limit {
                let left = Double(counted.first.milliseconds - startOver.milliseconds) / 1_000
                return max(1, Int(left.rounded(.up)))
            }
            try port.write(.counted(key, at: now, startOverBefore: startOver, from: .first))
            try forgetStaleAttempts(now: now)
            return nil
        } catch {
            throw failed(error)
        }
    }

    /// Hourly, drops counts no limit looks at any more (so that guessing with ever new
    /// usernames or addresses does not grow the table without bound).
    private func forgetStaleAttempts(now: Timestamp) throws(StorageFailure) {
        let hour: Int64 = 3_600_000
        guard now.milliseconds - lastAttemptPrune.milliseconds >= hour else { return }
        lastAttemptPrune = now
        let oldest = max(throttle.window, SignupLimit(limit: 1).window)
        try port.write(.forgotten(lastBefore: now.before(seconds: oldest)))
    }
}

extension Timestamp {
    fileprivate func before(seconds: Double) -> Timestamp {
        Timestamp(milliseconds: milliseconds - Int64(seconds * 1_000))
    }
}
