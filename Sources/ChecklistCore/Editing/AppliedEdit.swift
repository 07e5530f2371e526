/// The result of applying one edit: what to put in the event and what the server must do.
public struct AppliedEdit: Hashable, Sendable {
    public var changes: Changes
    /// The checklist's completion after the edit.
    public var completion: Completion
    /// The id of the list or item the edit created (`createList`, `addItem`). A `String`,
    /// not a `ListID` or `ItemID`, because it is either kind: the edit says which, and the
    /// wire's `ack` carries it as its `id` either way.
    public var createdID: String?
    /// The user an `unshare` removed: the server sends them `revoked` and stops their events.
    public var revokedUserID: UserID?
    /// The user a `share` added or whose role it changed: the server tells their connections.
    public var sharedUserID: UserID? = nil
    /// The occurrence a `completeItem` of a repeating item recorded (the event's `occurrence`).
    public var occurrence: CivilDate? = nil
    /// What a `checkIn` recorded (the event's `date` and `value`).
    public var checkIn: CheckInRecord? = nil
}
