public import ChecklistCore

/// A user as the store keeps them; the password hash never leaves the accounts code.
public struct UserAccount: Hashable, Sendable {
    public var id: UserID
    public var username: String
    /// The user's IANA time zone (`settings`); new checklists and quick add default to it.
    public var timeZone: String
    /// The user's Inbox; `nil` only for an account from before Inboxes, until its next sign-in.
    public var inboxID: ListID?

    public init(id: UserID, username: String, timeZone: String = "UTC", inboxID: ListID? = nil) {
        self.id = id
        self.username = username
        self.timeZone = timeZone
        self.inboxID = inboxID
    }

    public var actor: Actor { Actor(userID: id, username: username) }
}
