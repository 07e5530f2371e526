public import ChecklistCore

public enum AccountKey: Hashable, Sendable {
    case id(UserID)
    /// Ignoring case: usernames are unique that way.
    case username(String)
    /// The SHA-256 of a session token (the token itself is never stored).
    case sessionToken([UInt8])
}

/// A user as stored: the account, the password hash (which never leaves the rules) and the
/// bytes of event log their edits added (`StoreLimits`).
public struct StoredAccount: Hashable, Sendable {
    public var account: UserAccount
    public var passwordHash: String
    public var storedBytes: Int

    public init(account: UserAccount, passwordHash: String, storedBytes: Int) {
        self.account = account
        self.passwordHash = passwordHash
        self.storedBytes = storedBytes
    }
}

public enum AccountChange: Hashable, Sendable {
    /// A new user; `account.username` kept as written, unique ignoring case.
    case created(UserAccount, passwordHash: String, at: Timestamp)
    case timeZone(UserID, String)
    case inbox(UserID, ListID)
    case sessionCreated(tokenHash: [UInt8], UserID, at: Timestamp)
    case sessionDeleted(tokenHash: [UInt8])
    /// The user's token for a scope, replacing the one stored before for it.
    case feedToken(StoredFeedToken, at: Timestamp)
}

public enum FeedTokenKey: Hashable, Sendable {
    case hash([UInt8])
    /// A user's token for one checklist, or (`nil`) for all of them.
    case scope(UserID, ListID?)
}

/// A calendar feed token: the hash of its secret, whose feed it opens, and its generation
/// (rotation moves it on, which changes the secret).
public struct StoredFeedToken: Hashable, Sendable {
    public var tokenHash: [UInt8]
    public var userID: UserID
    public var listID: ListID?
    public var generation: Int

    public init(tokenHash: [UInt8], userID: UserID, listID: ListID?, generation: Int) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.listID = listID
        self.generation = generation
    }
}
