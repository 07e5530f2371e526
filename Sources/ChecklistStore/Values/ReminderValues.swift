public import ChecklistCore

/// What the reminder scheduler holds: an occurrence of an item's reminder, or one user's
/// snooze of an item coming to its end.
public enum ScheduledReminder: Hashable, Sendable, Comparable {
    case occurrence(ReminderOccurrence)
    case snooze(ReminderSnooze)

    public var at: Timestamp {
        switch self {
        case .occurrence(let occurrence): occurrence.at
        case .snooze(let snooze): snooze.until
        }
    }

    /// Earliest first; ties in a fixed order so a queue of them is deterministic.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.occurrence(let a), .occurrence(let b)): a < b
        case (.snooze(let a), .snooze(let b)):
            (a.until, a.userID, a.listID, a.itemID) < (b.until, b.userID, b.listID, b.itemID)
        case (.occurrence(let a), .snooze(let b)): a.at <= b.until
        case (.snooze(let a), .occurrence(let b)): a.until < b.at
        }
    }
}

/// One user's snooze of one item: nothing of it reaches them before `until`, then one
/// occurrence at `until`, of the kind they snoozed.
public struct ReminderSnooze: Hashable, Sendable {
    public var userID: UserID
    public var listID: ListID
    public var itemID: ItemID
    public var kind: ReminderKind
    public var until: Timestamp

    public init(userID: UserID, listID: ListID, itemID: ItemID, kind: ReminderKind, until: Timestamp) {
        self.userID = userID
        self.listID = listID
        self.itemID = itemID
        self.kind = kind
        self.until = until
    }
}

/// One `reminder` message for one user: the item as it is now, and the occurrence.
public struct ReminderDelivery: Hashable, Sendable {
    public var userID: UserID
    public var listID: ListID
    public var listTitle: String
    public var item: ItemView
    public var kind: ReminderKind
    public var at: Timestamp
    public var late: Bool

    public init(
        userID: UserID, listID: ListID, listTitle: String, item: ItemView, kind: ReminderKind, at: Timestamp, late: Bool
    ) {
        self.userID = userID
        self.listID = listID
        self.listTitle = listTitle
        self.item = item
        self.kind = kind
        self.at = at
        self.late = late
    }
}

/// What firing a set of due reminders produced: who gets what, what was fired (for
/// metrics), and what the scheduler must hold next.
public struct ReminderFiring: Sendable {
    public var deliveries: [ReminderDelivery] = []
    /// Occurrences claimed by this firing (each fires once, whichever node claims it).
    public var fired = 0
    public var late = 0
    public var next: [ScheduledReminder] = []
    public init() {}
}
