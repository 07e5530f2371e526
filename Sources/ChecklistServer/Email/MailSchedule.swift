import ChecklistCore
import ChecklistStore
import HeapModule

/// What the hub holds for mail: fired reminders waiting out their fallback (a device may take
/// them meanwhile), and each user's next digest. One min-heap of both, earliest first, so the
/// hub needs one wake-up; a fallback taken by a device stays in the heap until due and is then
/// skipped (cheaper than removing it).
struct MailSchedule {
    /// One occurrence of a reminder for one user.
    struct Key: Hashable {
        var userID: UserID
        var itemID: ItemID
        var at: Timestamp
    }

    private enum Entry: Comparable {
        case fallback(Timestamp, Key)
        case digest(ScheduledDigest)

        var at: Timestamp {
            switch self {
            case .fallback(let at, _): at
            case .digest(let digest): digest.at
            }
        }

        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.at < rhs.at }
        static func == (lhs: Entry, rhs: Entry) -> Bool {
            switch (lhs, rhs) {
            case (.fallback(let a, let x), .fallback(let b, let y)): a == b && x == y
            case (.digest(let a), .digest(let b)): a == b
            default: false
            }
        }
    }

    private var heap = Heap<Entry>()
    private var fallbacks: [Key: EmailReminder] = [:]
    private var digests = Set<ScheduledDigest>()

    var earliest: Timestamp? { heap.min?.at }
    var waitingFallbacks: Int { fallbacks.count }

    /// Holds a fired reminder until `until`, unless a device takes it first.
    mutating func hold(_ reminder: EmailReminder, until: Timestamp) {
        let key = Key(
            userID: reminder.delivery.userID, itemID: reminder.delivery.item.item.id, at: reminder.delivery.at)
        fallbacks[key] = reminder
        heap.insert(.fallback(until, key))
    }

    /// Holds a digest (once, however often it is announced).
    mutating func hold(_ digest: ScheduledDigest) {
        guard digests.insert(digest).inserted else { return }
        heap.insert(.digest(digest))
    }

    /// A device took the user's reminder of `itemID` (any item when `nil`): no mail for it.
    mutating func taken(userID: UserID, itemID: ItemID?) {
        guard !fallbacks.isEmpty else { return }
        for key in fallbacks.keys where key.userID == userID && (itemID == nil || key.itemID == itemID) {
            fallbacks[key] = nil
        }
    }

    /// Removes and returns what is due at `now`: reminders no device took, and digests.
    mutating func popDue(at now: Timestamp) -> (reminders: [EmailReminder], digests: [ScheduledDigest]) {
        var reminders: [EmailReminder] = []
        var due: [ScheduledDigest] = []
        while let first = heap.min, first.at <= now {
            _ = heap.popMin()
            switch first {
            case .fallback(_, let key):
                if let reminder = fallbacks.removeValue(forKey: key) { reminders.append(reminder) }
            case .digest(let digest):
                digests.remove(digest)
                due.append(digest)
            }
        }
        return (reminders, due)
    }
}
