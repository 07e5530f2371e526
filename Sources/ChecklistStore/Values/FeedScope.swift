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

/// What a feed's content depends on, read once per request: the `ETag` is made from `text`,
/// and the calendar, when it is sent, is written from the same `lists`, so a 200 does not
/// read the user's checklists a second time.
public struct FeedFingerprint: Sendable {
    /// Each included checklist's id and head, the user's zone and the day.
    public var text: String
    /// The checklists the feed covers, as `text` names them.
    public var lists: [ListID]

    public init(text: String, lists: [ListID]) {
        self.text = text
        self.lists = lists
    }
}
