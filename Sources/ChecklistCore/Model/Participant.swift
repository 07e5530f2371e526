/// A user with a role on one checklist.
public struct Participant: Hashable, Sendable {
    public var userID: UserID
    public var username: String
    public var role: Role
    /// When they became a participant (a habit's days before it are not theirs to miss);
    /// `nil` for rows from before it was kept: the checklist's creation.
    public var joinedAt: Timestamp?

    public init(userID: UserID, username: String, role: Role, joinedAt: Timestamp? = nil) {
        self.userID = userID
        self.username = username
        self.role = role
        self.joinedAt = joinedAt
    }
}
