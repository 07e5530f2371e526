import ChecklistCore
import ChecklistStore
import HeapModule

/// The reminder scheduler's queue: every coming occurrence and snooze, earliest first.
///
/// A min-heap (swift-collections' `Heap`), so with 100,000 reminding items the service
/// thread pops what is due in O(log n) per entry and never scans them all. The same entry
/// is held once (an edit that changes nothing about an item's reminders re-announces its
/// next occurrence). Entries an edit made stale stay until due and are then dropped by the
/// store, which checks each against the item as it is: cheaper than finding and removing
/// them from the heap on every edit.
struct ReminderQueue {
    private var heap = Heap<ScheduledReminder>()
    private var held = Set<ScheduledReminder>()

    var count: Int { held.count }
    var earliest: Timestamp? { heap.min?.at }

    /// Forgets every entry (another server runs the scheduler now).
    mutating func removeAll() {
        heap = Heap()
        held.removeAll()
    }

    mutating func insert(_ entry: ScheduledReminder) {
        guard held.insert(entry).inserted else { return }
        heap.insert(entry)
    }

    mutating func insert(contentsOf entries: some Sequence<ScheduledReminder>) {
        for entry in entries { insert(entry) }
    }

    /// Removes and returns every entry due at `now` or before, earliest first, at most `limit`.
    mutating func popDue(at now: Timestamp, limit: Int = .max) -> [ScheduledReminder] {
        var due: [ScheduledReminder] = []
        while due.count < limit, let first = heap.min, first.at <= now {
            _ = heap.popMin()
            held.remove(first)
            due.append(first)
        }
        return due
    }
}
