public import ChecklistCore

/// What a calendar feed URL shows: one user's checklists, all of them or one.
public struct FeedScope: Hashable, Sendable {
    public var userID: UserID
    /// `nil`: every checklist the user takes part in.
    public var listID: ListID?

    public init(userID: UserID, listID: ListID?) {
        self.userID = userID
        self.listID = listID
    }
}
