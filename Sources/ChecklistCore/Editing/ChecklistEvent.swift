/// One accepted edit in a checklist's append-only log.
public struct ChecklistEvent: Hashable, Sendable {
    public var listID: ListID
    public var seq: Int64
    public var opID: String
    public var kind: String
    public var by: String
    public var at: Timestamp
    public var changes: Changes
    /// The checklist's completion after the edit, sent with every event.
    public var completion: Completion
    /// The item an item edit was about, so a client knows which of `changes.items` it targeted.
    public var item: ItemID?
    /// The occurrence a `completeItem` of a repeating item recorded as done.
    public var occurrence: CivilDate?
    /// A `checkIn`'s day and value.
    public var checkIn: CheckInRecord?

    public init(
        listID: ListID, seq: Int64, opID: String, kind: String, by: String, at: Timestamp, changes: Changes,
        completion: Completion, item: ItemID? = nil, occurrence: CivilDate? = nil, checkIn: CheckInRecord? = nil
    ) {
        self.checkIn = checkIn
        self.item = item
        self.occurrence = occurrence
        self.listID = listID
        self.seq = seq
        self.opID = opID
        self.kind = kind
        self.by = by
        self.at = at
        self.changes = changes
        self.completion = completion
    }
}
