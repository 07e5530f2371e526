/// The authenticated user making an edit; the name is what events show as `by`.
public struct Actor: Hashable, Sendable {
    public var userID: UserID
    public var username: String

    public init(userID: UserID, username: String) {
        self.userID = userID
        self.username = username
    }
}
