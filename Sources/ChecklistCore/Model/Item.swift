/// A node of a checklist's tree. Nothing is ever deleted: cancelled items stay, with who
/// cancelled them and why, so the history and the "Cancelled" section stay complete.
public struct Item: Hashable, Sendable {
    public var id: ItemID
    public var parent: ItemID?
    /// Order among siblings, ascending. Numbers keep appends and inserts cheap; see `Placement`.
    public var position: Double
    public var title: String
    public var notes: String?
    public var due: Due?
    public var location: String?
    public var remindEvery: Int?
    /// When `remindEvery` was last set: its occurrences fall at `since + k·remindEvery`.
    public var remindEverySince: Timestamp?
    /// Seconds before `due` to remind (0: at the due moment).
    public var remindBefore: Int?
    /// The participant reminders go to (a username); `nil`: every owner and editor.
    public var assignee: String?
    /// How the item comes back once done; `due` is then its next occurrence.
    public var repeatRule: RepeatRule?
    /// The first occurrence, which the rule's intervals count from.
    public var repeatStart: CivilDate?
    /// Only the first open child is available (a course: each part after the one before).
    public var sequential: Bool
    /// Not available before this day (in the checklist's zone) or moment.
    public var availableFrom: Due?
    public var status: ItemStatus
    public var createdBy: String
    public var createdAt: Timestamp
    public var doneBy: String?
    public var doneAt: Timestamp?
    public var cancelledBy: String?
    public var cancelledAt: Timestamp?
    /// Set while cancelled: what a restore must undo.
    public var cancelOrigin: CancelOrigin?
    /// Files on the item, in the order they were attached (cancelled ones included).
    public var attachments: [Attachment] = []

    public init(
        id: ItemID, parent: ItemID?, position: Double, title: String, notes: String? = nil,
        due: Due? = nil, location: String? = nil, remindEvery: Int? = nil,
        remindEverySince: Timestamp? = nil, remindBefore: Int? = nil, assignee: String? = nil,
        repeatRule: RepeatRule? = nil, repeatStart: CivilDate? = nil, sequential: Bool = false,
        availableFrom: Due? = nil,
        status: ItemStatus = .open, createdBy: String, createdAt: Timestamp,
        doneBy: String? = nil, doneAt: Timestamp? = nil, cancelledBy: String? = nil,
        cancelledAt: Timestamp? = nil, cancelOrigin: CancelOrigin? = nil
    ) {
        self.id = id
        self.parent = parent
        self.position = position
        self.title = title
        self.notes = notes
        self.due = due
        self.location = location
        self.remindEvery = remindEvery
        self.remindEverySince = remindEverySince
        self.remindBefore = remindBefore
        self.assignee = assignee
        self.repeatRule = repeatRule
        self.repeatStart = repeatStart
        self.sequential = sequential
        self.availableFrom = availableFrom
        self.status = status
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.doneBy = doneBy
        self.doneAt = doneAt
        self.cancelledBy = cancelledBy
        self.cancelledAt = cancelledAt
        self.cancelOrigin = cancelOrigin
    }
}
