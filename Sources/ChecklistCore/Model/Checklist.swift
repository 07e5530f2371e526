/// The checklist's own fields: the unit of sharing, subscription and history.
public struct Checklist: Hashable, Sendable {
    public var id: ListID
    public var title: String
    public var description: String?
    public var due: Due?
    /// The IANA time zone date-only dues and reminders of date-only dues are read in.
    public var timeZone: String
    /// The user's Inbox: where quick add puts what names no checklist. Never cancelled or shared.
    public var isInbox: Bool
    /// An ordinary checklist, or a habit checklist (every item repeats; people check in).
    public var kind: ChecklistKind
    /// Only the first open item at the root is available.
    public var sequential: Bool
    /// A habit checklist's goal, in days ("66 days to make it stick"): clients show each
    /// person's progress toward it. `nil` for none, and always for ordinary checklists.
    public var goalDays: Int?
    public var status: ListStatus
    public var ownerID: UserID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var completedAt: Timestamp?
    public var cancelledAt: Timestamp?
    /// While cancelled: the status a restore returns to (`active` or `completed`).
    public var statusBeforeCancel: ListStatus?
    /// The `seq` of the newest event in this checklist's log (0 before any).
    public var seq: Int64

    public init(
        id: ListID, title: String, description: String? = nil, due: Due? = nil,
        timeZone: String = "UTC", isInbox: Bool = false, kind: ChecklistKind = .checklist, sequential: Bool = false,
        goalDays: Int? = nil, status: ListStatus = .active, ownerID: UserID, createdAt: Timestamp, updatedAt: Timestamp,
        completedAt: Timestamp? = nil, cancelledAt: Timestamp? = nil,
        statusBeforeCancel: ListStatus? = nil, seq: Int64 = 0
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.due = due
        self.timeZone = timeZone
        self.isInbox = isInbox
        self.kind = kind
        self.sequential = sequential
        self.goalDays = goalDays
        self.status = status
        self.ownerID = ownerID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.cancelledAt = cancelledAt
        self.statusBeforeCancel = statusBeforeCancel
        self.seq = seq
    }
}
