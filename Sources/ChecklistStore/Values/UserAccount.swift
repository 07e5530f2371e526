import ChecklistCore

/// A user as the store keeps them; the password hash never leaves the accounts code.
public struct UserAccount: Hashable, Sendable {
    public var id: UserID
    public var username: String

    public init(id: UserID, username: String) {
        self.id = id
        self.username = username
    }

    public var actor: Actor { Actor(userID: id, username: username) }
}
