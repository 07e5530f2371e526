/// A user with a role on one checklist.
public struct Participant: Hashable, Sendable {
    public var userID: UserID
    public var username: String
    public var role: Role

    public init(userID: UserID, username: String, role: Role) {
        self.userID = userID
        self.username = username
        self.role = role
    }
}
