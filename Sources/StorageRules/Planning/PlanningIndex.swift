import ChecklistCore
import ChecklistStore

/// Every checklist's open dated items, in memory, ordered by due: what `agenda` reads
/// instead of querying the back end.
///
/// Why: a week's agenda over 5,000 checklists spent about 40 ms in the database alone, which
/// was seeks on 36-character text keys (participants → lists → the open-and-dated index → the
/// item row, and a probe for children per item; the database's own timer). From memory the same
/// answer is a dictionary lookup per checklist and a walk of its sorted dues
/// (docs/benchmarks.md). The cost is the open dated items themselves, held as `Item` values;
/// items with no due, and done or cancelled ones, are not held. Held by the rules, so every
/// back end's agenda reads it alike.
///
/// A value the store thread owns (`StoreRules.planning`): built from the rows on first use
/// (`StoragePort.scanItems(.openAndDated)`), changed from the states the batch writes
/// (`flushPendingWrites`), and dropped when a batch rolls back, so that it is never ahead of
/// what is committed.
struct PlanningIndex {
    /// One open dated item, and whether it has children (see `Plan.isStandalone`).
    struct Entry {
        var item: Item
        var dueKey: Int64
        var hasChildren: Bool

        /// Due order; the id breaks ties so each entry has one place.
        func precedes(_ key: Int64, _ id: ItemID) -> Bool { dueKey != key ? dueKey < key : item.id < id }
    }

    /// A checklist with at least one open dated item: what an agenda line shows of it, and
    /// its items.
    struct Plan {
        var listID = ListID("")
        var title = ""
        var timeZone = ""
        /// Not cancelled and not a habit checklist (whose items are check-ins, not tasks).
        var inAgenda = false
        var sequential = false
        /// The open dated items by due, in one array: an agenda walks it from the start. Against
        /// a dictionary of entries beside a sorted array of keys, RSS after the build fell from
        /// 325 to 288 MB at 200,000 items, and an agenda does one lookup less per line.
        var entries: [Entry] = []
        /// Each entry's due key, to find it in `entries` by binary search when it changes.
        var dueKeys: [ItemID: Int64] = [:]

        init(_ list: Checklist) { describe(list) }

        mutating func describe(_ list: Checklist) {
            listID = list.id
            title = list.title
            timeZone = list.timeZone
            inAgenda = list.status != .cancelled && list.kind != .habits
            sequential = list.sequential
        }

        /// An item whose view needs nothing but itself: no parent, no children, in a checklist
        /// that is not sequential (`ItemView.standalone`).
        func isStandalone(_ entry: Entry) -> Bool { !sequential && entry.item.parent == nil && !entry.hasChildren }

        /// Puts `entry` in place of the item `id` (`nil`: the item is no longer open and dated).
        mutating func set(_ entry: Entry?, for id: ItemID) {
            if let old = dueKeys[id] { entries.remove(at: position(of: old, id)) }
            dueKeys[id] = entry?.dueKey
            if let entry { entries.insert(entry, at: position(of: entry.dueKey, id)) }
        }

        /// Where the entry of `id` due at `key` is or would go in `entries`.
        func position(of key: Int64, _ id: ItemID) -> Int {
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].precedes(key, id) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// Each checklist's place in `plans`, given when it is first seen.
    ///
    /// Why numbers: an agenda visits every checklist its reader takes part in, and looking
    /// 5,000 36-character ids up in a dictionary was 8 % of a week's agenda (each probe compared
    /// keys, missing the cache); an array index compares nothing.
    var slots: [ListID: Int] = [:]
    /// Plans by slot; `nil` for a checklist with no open dated item.
    var plans: [Plan?] = []
    /// The slots of the checklists each user takes part in, for users asked about since the build.
    var readable = ReadableSlots<Int>()

    /// The slot of a checklist, given now if it has none.
    mutating func slot(of listID: ListID) -> Int {
        if let slot = slots[listID] { return slot }
        plans.append(nil)
        slots[listID] = plans.count - 1
        return plans.count - 1
    }

    /// The entry an item is held as, or `nil` when it is not open and dated.
    static func entry(_ item: Item, hasChildren: Bool) -> Entry? {
        guard item.status == .open, let due = item.due else { return nil }
        return Entry(item: item, dueKey: due.sortKey.milliseconds, hasChildren: hasChildren)
    }

    /// Adds an item read from the rows while building.
    mutating func add(_ item: Item, hasChildren: Bool, in list: Checklist) {
        guard let entry = Self.entry(item, hasChildren: hasChildren) else { return }
        let slot = slot(of: list.id)
        if plans[slot] == nil { plans[slot] = Plan(list) }
        plans[slot]!.set(entry, for: item.id)
    }

    /// Brings a checklist up to date from its state after the batch changed `changed` of its
    /// items (and perhaps the checklist itself).
    ///
    /// Whether an item has children is asked again for every held item of the checklist, not
    /// only the changed ones: the core reports a parent as changed when a child comes or goes
    /// (its completion changes), but the index does not rely on that. It costs a dictionary
    /// lookup per held item, only for checklists the batch changed.
    mutating func update(from state: ChecklistState, changed: Set<ItemID>) {
        let slot = slot(of: state.list.id)
        var plan = plans[slot] ?? Plan(state.list)
        plans[slot] = nil
        plan.describe(state.list)
        for id in changed {
            let item = state.items[id]
            plan.set(item.flatMap { $0.due == nil ? nil : Self.entry($0, hasChildren: state.hasChildren(id)) }, for: id)
        }
        for index in plan.entries.indices {
            let hasChildren = state.hasChildren(plan.entries[index].item.id)
            if plan.entries[index].hasChildren != hasChildren { plan.entries[index].hasChildren = hasChildren }
        }
        if !plan.entries.isEmpty { plans[slot] = plan }
    }

    /// Records that a user joined or left a checklist (only for users whose set is held).
    mutating func participation(of userID: UserID, in listID: ListID, reads: Bool) {
        guard readable.holds(userID) else { return }
        let slot = slot(of: listID)
        readable.participation(of: userID, slot: slot, reads: reads)
    }
}
