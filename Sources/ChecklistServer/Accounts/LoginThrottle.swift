/// Slows password guessing without letting anyone lock a victim out.
///
/// Failed logins are counted per source address and per (address, username). Past a free
/// allowance, every further attempt from that key must wait a delay that doubles with each
/// failure (1 s, 2 s, 4 s … capped), and a quiet `window` forgives everything. There is
/// deliberately no per-username count across addresses: that would let anyone who knows a
/// username keep its owner locked out by failing on purpose. So:
/// - spraying one password over many usernames from one address is slowed by the address key;
/// - guessing one account's password from one address is slowed by the pair key, early;
/// - the victim, from their own address, is not slowed by either.
///
/// Addresses are the TCP peer's: behind a reverse proxy every client shares the proxy's, which
/// is why the address allowance is generous (README, "Limits"). Time is passed in (monotonic seconds).
struct LoginThrottle {
    struct Policy {
        /// Failures from one address (any usernames) before delays start.
        var freeFailuresPerAddress = 30
        /// Failures for one username from one address before delays start.
        var freeFailuresPerAccount = 5
        var firstDelay: Double = 1
        var maxDelay: Double = 300
        /// After this long without a failure, a key starts over.
        var window: Double = 900
        /// Keys kept before stale ones are dropped (guessing with ever new usernames must not
        /// grow the tables without bound).
        var maxKeys = 50_000
    }

    private struct Failures {
        var count: Int
        var last: Double
    }

    private struct AccountKey: Hashable {
        var address: String
        var username: String
    }

    var policy = Policy()
    private var byAddress: [String: Failures] = [:]
    private var byAccount: [AccountKey: Failures] = [:]

    /// Seconds to wait before trying again, or `nil` when an attempt may go ahead. `username`
    /// is `nil` for `auth` (a token): only the address counts.
    func retryAfter(address: String, username: String?, now: Double) -> Int? {
        var wait = remaining(byAddress[address], free: policy.freeFailuresPerAddress, now: now)
        if let username {
            let key = AccountKey(address: address, username: username.lowercased())
            wait = max(wait, remaining(byAccount[key], free: policy.freeFailuresPerAccount, now: now))
        }
        return wait > 0 ? Int(wait.rounded(.up)) : nil
    }

    mutating func recordFailure(address: String, username: String?, now: Double) {
        if byAddress.count + byAccount.count > policy.maxKeys { dropStale(now: now) }
        byAddress[address] = bumped(byAddress[address], now: now)
        if let username {
            let key = AccountKey(address: address, username: username.lowercased())
            byAccount[key] = bumped(byAccount[key], now: now)
        }
    }

    /// A correct password clears that account's count from that address (not the address's:
    /// one right guess among a spray does not buy more guesses).
    mutating func recordSuccess(address: String, username: String) {
        byAccount[AccountKey(address: address, username: username.lowercased())] = nil
    }

    /// The delay still to wait after `failures`, past `free` of them.
    private func remaining(_ failures: Failures?, free: Int, now: Double) -> Double {
        guard let failures, now - failures.last < policy.window, failures.count >= free else { return 0 }
        let doublings = Double(failures.count - free)
        let delay = min(policy.maxDelay, policy.firstDelay * pow2(doublings))
        return failures.last + delay - now
    }

    private func bumped(_ failures: Failures?, now: Double) -> Failures {
        guard let failures, now - failures.last < policy.window else { return Failures(count: 1, last: now) }
        return Failures(count: failures.count + 1, last: now)
    }

    private mutating func dropStale(now: Double) {
        byAddress = byAddress.filter { now - $0.value.last < policy.window }
        byAccount = byAccount.filter { now - $0.value.last < policy.window }
    }

    private func pow2(_ exponent: Double) -> Double {
        exponent >= 30 ? Double(1 << 30) : Double(1 << Int(exponent))
    }
}
