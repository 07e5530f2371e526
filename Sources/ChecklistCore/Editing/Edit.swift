/// A validated edit of one checklist, as the `op` kinds of the wire contract.
///
/// Field limits and types are checked when the request is decoded; the rules that depend on
/// the checklist's state (roles, statuses, placement) are checked when the edit is applied.
public enum Edit: Hashable, Sendable {
    case createList(NewList)
    case updateList(ListUpdate)
    case completeList
    case reopenList
    case cancelList
    case restoreList
    /// Share with a user the store has already resolved from the username.
    case share(Participant)
    /// Remove the user the store resolved from the username (`nil` when there is none).
    case unshare(username: String, userID: UserID?)
    case addItem(NewItem)
    case updateItem(ItemID, ItemUpdate)
    case moveItem(ItemID, parent: FieldChange<ItemID>, placement: Placement)
    case completeItem(ItemID)
    case reopenItem(ItemID)
    case cancelItem(ItemID)
    case restoreItem(ItemID)
    /// A participant's own check-in on a habit for one day (`nil` undoes it).
    case checkIn(ItemID, date: CivilDate, value: CheckInValue?)
    /// A file already stored (content-addressed) put on an item: made by an upload, never
    /// sent as an `op` by a client.
    case attach(ItemID, Attachment)
    case cancelAttachment(ItemID, AttachmentID)
    case restoreAttachment(ItemID, AttachmentID)

    /// The item this edit is about (`nil` for checklist edits).
    public var subjectItem: ItemID? {
        switch self {
        case .addItem(let new): new.id
        case .updateItem(let id, _), .moveItem(let id, _, _), .completeItem(let id), .reopenItem(let id),
            .cancelItem(let id), .restoreItem(let id), .checkIn(let id, _, _), .attach(let id, _),
            .cancelAttachment(let id, _), .restoreAttachment(let id, _):
            id
        default: nil
        }
    }

    /// The wire name of the op, which every event repeats.
    public var kind: String {
        switch self {
        case .createList: "createList"
        case .updateList: "updateList"
        case .completeList: "completeList"
        case .reopenList: "reopenList"
        case .cancelList: "cancelList"
        case .restoreList: "restoreList"
        case .share: "share"
        case .unshare: "unshare"
        case .addItem: "addItem"
        case .updateItem: "updateItem"
        case .moveItem: "moveItem"
        case .completeItem: "completeItem"
        case .reopenItem: "reopenItem"
        case .cancelItem: "cancelItem"
        case .restoreItem: "restoreItem"
        case .checkIn: "checkIn"
        case .attach: "attach"
        case .cancelAttachment: "cancelAttachment"
        case .restoreAttachment: "restoreAttachment"
        }
    }

    public struct NewList: Hashable, Sendable {
        public var title: String
        public var description: String?
        public var due: Due?
        /// `nil`: the creator's time zone (the store fills it in).
        public var timeZone: String?
        /// Set only by the store, for the Inbox it creates with an account.
        public var isInbox: Bool
        public var kind: ChecklistKind
        public var sequential: Bool
        /// A habit checklist's goal in days (`Limits.goalDays` at most).
        public var goalDays: Int?
        public init(
            title: String, description: String? = nil, due: Due? = nil, timeZone: String? = nil, isInbox: Bool = false,
            kind: ChecklistKind = .checklist, sequential: Bool = false, goalDays: Int? = nil
        ) {
            self.kind = kind
            self.sequential = sequential
            self.goalDays = goalDays
            self.title = title
            self.description = description
            self.due = due
            self.timeZone = timeZone
            self.isInbox = isInbox
        }
    }

    public struct ListUpdate: Hashable, Sendable {
        public var title: String?
        public var description: FieldChange<String> = .unchanged
        public var due: FieldChange<Due> = .unchanged
        public var timeZone: String?
        public var sequential: Bool?
        public var goalDays: FieldChange<Int>
        public init(
            title: String? = nil, description: FieldChange<String> = .unchanged, due: FieldChange<Due> = .unchanged,
            timeZone: String? = nil, sequential: Bool? = nil, goalDays: FieldChange<Int> = .unchanged
        ) {
            self.sequential = sequential
            self.goalDays = goalDays
            self.title = title
            self.description = description
            self.due = due
            self.timeZone = timeZone
        }
    }

    public struct NewItem: Hashable, Sendable {
        /// The client's id, or one the store generated.
        public var id: ItemID
        public var parent: ItemID?
        public var placement: Placement
        public var title: String
        public var notes: String?
        public var due: Due?
        public var location: String?
        public var remindEvery: Int?
        public var remindBefore: Int?
        public var assignee: String?
        public var repeatRule: RepeatRule?
        public var sequential: Bool
        public var availableFrom: Due?
        public init(
            id: ItemID, parent: ItemID? = nil, placement: Placement = .last, title: String,
            notes: String? = nil, due: Due? = nil, location: String? = nil, remindEvery: Int? = nil,
            remindBefore: Int? = nil, assignee: String? = nil, repeatRule: RepeatRule? = nil,
            sequential: Bool = false, availableFrom: Due? = nil
        ) {
            self.sequential = sequential
            self.availableFrom = availableFrom
            self.repeatRule = repeatRule
            self.remindBefore = remindBefore
            self.assignee = assignee
            self.id = id
            self.parent = parent
            self.placement = placement
            self.title = title
            self.notes = notes
            self.due = due
            self.location = location
            self.remindEvery = remindEvery
        }
    }

    public struct ItemUpdate: Hashable, Sendable {
        public var title: String?
        public var notes: FieldChange<String> = .unchanged
        public var due: FieldChange<Due> = .unchanged
        public var location: FieldChange<String> = .unchanged
        public var remindEvery: FieldChange<Int> = .unchanged
        public var remindBefore: FieldChange<Int> = .unchanged
        public var assignee: FieldChange<String> = .unchanged
        public var repeatRule: FieldChange<RepeatRule> = .unchanged
        public var sequential: Bool?
        public var availableFrom: FieldChange<Due> = .unchanged
        public init(
            title: String? = nil, notes: FieldChange<String> = .unchanged, due: FieldChange<Due> = .unchanged,
            location: FieldChange<String> = .unchanged, remindEvery: FieldChange<Int> = .unchanged,
            remindBefore: FieldChange<Int> = .unchanged, assignee: FieldChange<String> = .unchanged,
            repeatRule: FieldChange<RepeatRule> = .unchanged, sequential: Bool? = nil,
            availableFrom: FieldChange<Due> = .unchanged
        ) {
            self.sequential = sequential
            self.availableFrom = availableFrom
            self.repeatRule = repeatRule
            self.remindBefore = remindBefore
            self.assignee = assignee
            self.title = title
            self.notes = notes
            self.due = due
            self.location = location
            self.remindEvery = remindEvery
        }
    }
}
