public import ChecklistCore

/// What a limit on attempts counts: failed logins from an address (and from an address for
/// one username) and signups from an address. The counts live in the store, not in a server's
/// memory, so that several servers sharing one database enforce one limit between them: a
/// guesser spread over the servers behind a balancer is slowed as one.
public struct AttemptKey: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case loginFailure = "login"
        case signup
    }

    public var kind: Kind
    /// The client's address (`--trusted-proxy` decides which one that is).
    public var address: String
    /// Lower-cased; empty for the address's own count.
    public var username: String

    public init(_ kind: Kind, address: String, username: String = "") {
        self.kind = kind
        self.address = address
        self.username = username.lowercased()
    }
}

/// A stored count: how many attempts since `first`, the latest at `last`.
public struct AttemptCount: Hashable, Sendable {
    public var count: Int
    public var first: Timestamp
    public var last: Timestamp

    public init(count: Int, first: Timestamp, last: Timestamp) {
        self.count = count
        self.first = first
        self.last = last
    }
}

/// Which end of a count its window is measured from when deciding to start it over.
public enum AttemptWindowStart: Hashable, Sendable {
    /// The window closes a fixed time after the first attempt (signups per hour).
    case first
    /// The window closes a fixed time after the latest attempt (a quiet spell forgives failures).
    case last
}

public enum AttemptChange: Hashable, Sendable {
    /// One more attempt at `at`, as an increment (two servers counting at once both count).
    /// A count whose `from` end is before `startOverBefore` starts over at 1 from `at`.
    case counted(AttemptKey, at: Timestamp, startOverBefore: Timestamp, from: AttemptWindowStart)
    /// Forgets one count (a correct password clears its account's failures from that address).
    case cleared(AttemptKey)
    /// Forgets every count whose latest attempt is before `lastBefore`: none of them limits
    /// anything any more.
    case forgotten(lastBefore: Timestamp)
}
