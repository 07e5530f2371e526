/// Which rule an occurrence comes from: once before the due moment, or every N seconds.
public enum ReminderKind: String, Hashable, Sendable, CaseIterable {
    case before
    case every
}

/// One reminder occurrence, identified as the contract says by `(item, kind, at)`; `list`
/// says where the item lives.
public struct ReminderOccurrence: Hashable, Sendable, Comparable {
    public var at: Timestamp
    public var listID: ListID
    public var itemID: ItemID
    public var kind: ReminderKind

    public init(listID: ListID, itemID: ItemID, kind: ReminderKind, at: Timestamp) {
        self.listID = listID
        self.itemID = itemID
        self.kind = kind
        self.at = at
    }

    /// By time first, so a queue of them pops the earliest.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.at, lhs.listID, lhs.itemID, lhs.kind.rawValue) < (rhs.at, rhs.listID, rhs.itemID, rhs.kind.rawValue)
    }
}
