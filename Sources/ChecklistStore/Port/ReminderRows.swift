public import ChecklistCore

/// What `StoragePort.claim` claims.
public enum ReminderClaim: Hashable, Sendable {
    /// An occurrence of an item's reminder: claimed once, ever.
    case occurrence(ReminderOccurrence)
    /// The end of a user's snooze, exactly as it was snoozed (a snooze changed since does not match).
    case snoozeEnd(ReminderSnooze)
}

public enum ReminderQuery: Hashable, Sendable {
    /// The deliveries a user got at or after `since` that they have not dismissed, oldest first.
    case undismissedDeliveries(to: UserID, since: Timestamp)
    /// The latest delivery of an item to a user, dismissed or not.
    case lastDelivery(to: UserID, listID: ListID, itemID: ItemID)
    /// A user's snooze of an item.
    case snooze(of: UserID, listID: ListID, itemID: ItemID)
    /// Every snooze not yet delivered.
    case allSnoozes
}

public enum ReminderRecord: Hashable, Sendable {
    case delivery(ReminderDeliveryRecord)
    case snooze(ReminderSnooze)
}

/// The latest occurrence of an item one user was sent, and whether they dismissed it.
public struct ReminderDeliveryRecord: Hashable, Sendable {
    public var userID: UserID
    public var listID: ListID
    public var itemID: ItemID
    public var kind: ReminderKind
    public var at: Timestamp
    public var dismissed: Bool

    public init(userID: UserID, listID: ListID, itemID: ItemID, kind: ReminderKind, at: Timestamp, dismissed: Bool) {
        self.userID = userID
        self.listID = listID
        self.itemID = itemID
        self.kind = kind
        self.at = at
        self.dismissed = dismissed
    }
}

public enum ReminderChange: Hashable, Sendable {
    /// The user was sent this occurrence (replacing the item's earlier delivery to them).
    case delivered(userID: UserID, listID: ListID, itemID: ItemID, kind: ReminderKind, at: Timestamp)
    /// The user dismissed the item's deliveries up to `through` (`nil`: all of them).
    case dismissed(userID: UserID, listID: ListID, itemID: ItemID, through: Timestamp?)
    /// The user snoozed the item (replacing an earlier snooze of it).
    case snoozed(ReminderSnooze)
    /// Claims of occurrences before `before` can never matter again.
    case pruneClaims(before: Timestamp)
}
