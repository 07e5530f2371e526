public import ChecklistCore
public import ChecklistStore

/// Slows password guessing without letting anyone lock a victim out.
///
/// Failed logins are counted per client address and per (address, username). Past a free
/// allowance, every further attempt from that key must wait a delay that doubles with each
/// failure (1 s, 2 s, 4 s … capped), and a quiet `window` forgives everything. There is
/// deliberately no per-username count across addresses: that would let anyone who knows a
/// username keep its owner locked out by failing on purpose. So:
/// - spraying one password over many usernames from one address is slowed by the address key;
/// - guessing one account's password from one address is slowed by the pair key, early;
/// - the victim, from their own address, is not slowed by either.
///
/// The counts are stored (`AttemptKey`), so every server on a shared store slows the same
/// guesser. Addresses are the client's as the server sees it: the TCP peer, or behind a
/// trusted proxy its `X-Forwarded-For` (`--trusted-proxy`); without that every client of a
/// proxy shares its address, which is why the address allowance is generous (README, "Limits").
/// Time is an input (the wall clock: servers on one store share no monotonic clock).
public struct LoginThrottle: Hashable, Sendable {
    /// Failures from one address (any usernames) before delays start.
    public var freeFailuresPerAddress = 30
    /// Failures for one username from one address before delays start.
    public var freeFailuresPerAccount = 5
    public var firstDelay: Double = 1
    public var maxDelay: Double = 300
    /// After this long without a failure, a key starts over.
    public var window: Double = 900

    public init() {}

    /// The keys a login (`username`) or a token's `auth` (`nil`: only the address) is counted under.
    public static func keys(address: String, username: String?) -> [AttemptKey] {
        var keys = [AttemptKey(.loginFailure, address: address)]
        if let username { keys.append(AttemptKey(.loginFailure, address: address, username: username)) }
        return keys
    }

    /// Seconds still to wait after `failures` of one key, past `free` of them (0: none).
    public func remaining(after failures: AttemptCount?, free: Int, now: Timestamp) -> Double {
        guard let failures else { return 0 }
        let since = Double(now.milliseconds - failures.last.milliseconds) / 1_000
        guard since < window, failures.count >= free else { return 0 }
        let doublings = failures.count - free
        let delay = min(maxDelay, firstDelay * (doublings >= 30 ? Double(1 << 30) : Double(1 << doublings)))
        return delay - since
    }
}

/// How many accounts one address may try to create per hour, so a flood of signups can
/// neither fill the database nor spend the hashing budget. Attempts that pass the account
/// rules count, whether or not the name was free. The hour runs from the first attempt
/// counted (a fixed window: one stored row per address, however many attempts).
public struct SignupLimit: Hashable, Sendable {
    /// Attempts per window; 0 for no limit.
    public var limit: Int
    public var window: Double = 3_600

    public init(limit: Int) {
        self.limit = limit
    }
}
