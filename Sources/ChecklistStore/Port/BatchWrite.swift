public import ChecklistCore

/// Everything a batch (or the part of it before a read that needs the tables) changed, for
/// `StoragePort.write(_:)`: written in one go, in the batch's transaction.
///
/// Why at the end rather than edit by edit: fifty edits of one item in a batch write its row
/// once, and a back end that pays a round trip per statement (PostgreSQL) sends one set of
/// statements per commit, not per edit.
public struct BatchWrite {
    /// When the batch wrote (an item row's `modified_at`).
    public var at = Timestamp(milliseconds: 0)
    /// In the order they happened; each is also its op's acknowledgement.
    public var events: [LoggedEvent] = []
    /// Checklists whose row changed, with the items whose rows changed.
    public var checklists: [ChangedChecklist] = []
    /// Who joined or left a checklist, in order.
    public var participants: [MembershipChange] = []
    /// Habit check-ins set or cleared, in order.
    public var checkIns: [CheckInChange] = []
    /// Users whose stored bytes changed.
    public var usage: [UsageChange] = []
    /// Attachments put on items by the batch's `attach` edits.
    public var attachments: [AttachmentRecord] = []

    public init() {}

    public var isEmpty: Bool {
        events.isEmpty && checklists.isEmpty && participants.isEmpty && checkIns.isEmpty && usage.isEmpty
            && attachments.isEmpty
    }
}

/// One event as logged: the encoded bytes every subscriber got, and the acknowledgement of its op.
public struct LoggedEvent: Sendable {
    public var listID: ListID
    public var seq: Int64
    public var payload: [UInt8]
    public var authorID: UserID
    public var opID: String
    /// See `Acknowledgement.createdID`.
    public var createdID: String?
    /// See `Acknowledgement.parsed`.
    public var parsed: [UInt8]?

    public init(
        listID: ListID, seq: Int64, payload: [UInt8], authorID: UserID, opID: String, createdID: String?,
        parsed: [UInt8]?
    ) {
        self.listID = listID
        self.seq = seq
        self.payload = payload
        self.authorID = authorID
        self.opID = opID
        self.createdID = createdID
        self.parsed = parsed
    }
}

/// A checklist whose row is to be written as `state.list` says, with the rows of `items`
/// (ids of `state`'s items; an id no longer there is skipped).
public struct ChangedChecklist {
    public var state: ChecklistState
    public var items: Set<ItemID>

    public init(state: ChecklistState, items: Set<ItemID>) {
        self.state = state
        self.items = items
    }
}

public enum MembershipChange: Hashable, Sendable {
    case joined(ListID, Participant)
    case left(ListID, UserID)
}

/// A habit check-in set, or cleared when `record.value` is `nil`.
public struct CheckInChange: Hashable, Sendable {
    public var listID: ListID
    public var record: CheckInRecord

    public init(listID: ListID, record: CheckInRecord) {
        self.listID = listID
        self.record = record
    }
}

/// A user's stored bytes: the new total, and what this batch added to it (a back end shared by
/// several servers adds the increment rather than writing the total).
public struct UsageChange: Hashable, Sendable {
    public var userID: UserID
    public var storedBytes: Int
    public var added: Int

    public init(userID: UserID, storedBytes: Int, added: Int) {
        self.userID = userID
        self.storedBytes = storedBytes
        self.added = added
    }
}

/// An attachment on an item, indexed by id (downloads) and by content (space, clean-up).
public struct AttachmentRecord: Hashable, Sendable {
    public var id: AttachmentID
    public var listID: ListID
    public var itemID: ItemID
    public var sha256: String
    public var size: Int64
    public var createdAt: Timestamp

    public init(id: AttachmentID, listID: ListID, itemID: ItemID, sha256: String, size: Int64, createdAt: Timestamp) {
        self.id = id
        self.listID = listID
        self.itemID = itemID
        self.sha256 = sha256
        self.size = size
        self.createdAt = createdAt
    }
}

public enum AttachmentKey: Hashable, Sendable {
    case id(AttachmentID)
    case content(sha256: String)
}
