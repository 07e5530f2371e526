public import ChecklistCore
public import WireProtocol

/// The reminders `watch` shows: one per item (its latest), oldest first, until the user (on any
/// device) dismisses or snoozes it, or the item is done or cancelled; and the last few
/// checklists shared with the user.
///
/// Why a board and not a log: a reminder that was handled elsewhere, or whose item was ticked,
/// is no longer something to act on, and a panel that kept them would bury the live ones.
public struct ReminderBoard: Sendable, Equatable {
    public static let shareLimit = 3
    public static let reminderLimit = 50

    public private(set) var reminders: [ReminderNotice] = []
    public private(set) var shares: [Notice] = []

    public init() {}

    /// Everything on the board: the reminders, then the shares.
    public var notices: [Notice] { reminders.map(Notice.reminder) + shares }

    /// A new reminder replaces the item's earlier one; a share is kept among the last few.
    public mutating func receive(_ notice: Notice) {
        switch notice {
        case .reminder(let reminder):
            reminders.removeAll { $0.itemID == reminder.itemID }
            reminders.append(reminder)
            if reminders.count > Self.reminderLimit { reminders.removeFirst(reminders.count - Self.reminderLimit) }
        case .shared:
            shares.append(notice)
            if shares.count > Self.shareLimit { shares.removeFirst(shares.count - Self.shareLimit) }
        }
    }

    /// `reminderDismissed` (occurrences up to its `at`) or `reminderSnoozed` (all of the item's)
    /// take reminders off the board; returns whether the message was one of those.
    public mutating func handle(_ message: ServerMessage) -> Bool {
        switch message {
        case .reminderDismissed(let dismissed):
            reminders.removeAll { reminder in
                reminder.itemID == dismissed.item
                    && (Timestamp(rfc3339: reminder.at).map { $0 <= dismissed.at } ?? true)
            }
            return true
        case .reminderSnoozed(let snoozed):
            reminders.removeAll { $0.itemID == snoozed.item }
            return true
        default:
            return false
        }
    }

    /// Items an event carried: a reminder of an item now done or cancelled goes.
    public mutating func itemsChanged(_ items: [RemoteItem]) {
        let closed = Set(items.filter { $0.status != .open }.map(\.id))
        reminders.removeAll { closed.contains($0.itemID) }
    }
}
