public import ChecklistCore

/// What `StoragePort.loadChecklist` found.
public enum ChecklistLoad {
    /// The caller's cached state is the stored one (its head is the stored head).
    case current
    case loaded(ChecklistState)
    case missing
}

/// A checklist a user takes part in, as its rows say.
public struct Membership: Hashable, Sendable {
    public var listID: ListID
    public var role: Role
    /// The checklist's `seq` as stored.
    public var head: Int64
    public var status: ListStatus
    public var kind: ChecklistKind
    public var isInbox: Bool

    public init(listID: ListID, role: Role, head: Int64, status: ListStatus, kind: ChecklistKind, isInbox: Bool) {
        self.listID = listID
        self.role = role
        self.head = head
        self.status = status
        self.kind = kind
        self.isInbox = isInbox
    }
}

/// Which items `StoragePort.scanItems` visits.
public enum ItemSelection: Hashable, Sendable {
    /// Every open item with a due, in every checklist (the planning index's build).
    case openAndDated
    /// Every open item with a reminder that can fire (the scheduler's start).
    case reminding
    /// Every item of one checklist that has a due, open or not (a calendar feed).
    case dated(in: ListID)
}

/// An item as `scanItems` reads it, with what its row knows beyond the item.
public struct ScannedItem {
    public var listID: ListID
    public var item: Item
    /// Whether any item has it as its parent (filled for `.openAndDated`).
    public var hasChildren: Bool
    /// How many times the row was written, and when last (filled for `.dated`): a calendar
    /// entry's `SEQUENCE` and `LAST-MODIFIED`.
    public var revision: Int
    public var modifiedAt: Timestamp?

    public init(listID: ListID, item: Item, hasChildren: Bool, revision: Int, modifiedAt: Timestamp?) {
        self.listID = listID
        self.item = item
        self.hasChildren = hasChildren
        self.revision = revision
        self.modifiedAt = modifiedAt
    }
}

/// One full-text match: the checklist's own document (`itemID` nil) or an item's, and, when
/// asked for, the item's row with what of its checklist a hit shows.
public struct SearchMatch {
    public var listID: ListID
    public var itemID: ItemID?
    /// The matched text around the words, matches marked « ».
    public var snippet: String
    public var row: MatchedRow?

    public init(listID: ListID, itemID: ItemID?, snippet: String, row: MatchedRow?) {
        self.listID = listID
        self.itemID = itemID
        self.snippet = snippet
        self.row = row
    }
}

public struct MatchedRow {
    /// `nil` for a checklist's own match, or an item that is gone.
    public var item: Item?
    public var listTitle: String
    public var listTimeZone: String
    public var listStatus: ListStatus
    /// No parent, no children, in a checklist that is not sequential: its view needs nothing
    /// but its row (`ItemView.standalone`).
    public var standsAlone: Bool

    public init(item: Item?, listTitle: String, listTimeZone: String, listStatus: ListStatus, standsAlone: Bool) {
        self.item = item
        self.listTitle = listTitle
        self.listTimeZone = listTimeZone
        self.listStatus = listStatus
        self.standsAlone = standsAlone
    }
}
