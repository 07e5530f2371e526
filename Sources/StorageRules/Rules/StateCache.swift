import ChecklistCore

/// The checklists the store keeps in memory: after each batch, at most `capacity` of them and
/// at most `maxBytes` of them by estimate.
///
/// Why a bound, and why in bytes too: a long-running server would otherwise keep every
/// checklist anyone ever opened, and a count alone lets a few enormous checklists take all the
/// memory. A dropped checklist is reloaded from its rows when next used, so eviction costs one
/// load, never correctness. Trimming happens between batches only, when no changed rows are
/// waiting to be written, and drops the least recently used first. Sizes are estimated
/// (`estimatedBytes`) for the checklists used since the last trim whose item count changed, so
/// a trim costs what the batch added, not the whole cache.
struct StateCache {
    let capacity: Int
    let maxBytes: Int
    private(set) var states: [ListID: ChecklistState] = [:]
    private var lastUse: [ListID: UInt64] = [:]
    private var clock: UInt64 = 0
    /// Estimated bytes per cached checklist (with its item count then), and their sum.
    private var sizes: [ListID: (bytes: Int, items: Int)] = [:]
    private(set) var estimatedBytes = 0
    /// Checklists used (perhaps changed) since the last trim: their sizes are re-estimated.
    private var touched: Set<ListID> = []

    init(capacity: Int, maxBytes: Int = Int.max) {
        precondition(capacity > 0 && maxBytes > 0, "the cache must hold at least one checklist")
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    var count: Int { states.count }

    /// The cached state, marking it used.
    mutating func use(_ id: ListID) -> ChecklistState? {
        guard let state = states[id] else { return nil }
        touch(id)
        return state
    }

    /// The cached checklist's head (`seq`), marking it used; `nil` when it is not cached. Like
    /// `contains`, it copies nothing: the edit path checks here, then changes the state in
    /// place through the subscript.
    mutating func head(using id: ListID) -> Int64? {
        guard let index = states.index(forKey: id) else { return nil }
        touch(id)
        return states.values[index].list.seq
    }

    /// Whether the checklist is cached (without marking it used).
    func contains(_ id: ListID) -> Bool { states.index(forKey: id) != nil }

    subscript(id: ListID) -> ChecklistState? {
        get { states[id] }
        _modify {
            touch(id)
            yield &states[id]
            if states[id] == nil { forget(id) }
        }
        set {
            states[id] = newValue
            if newValue == nil { forget(id) } else { touch(id) }
        }
    }

    /// Drops the least recently used checklists while there are more than `capacity` (down
    /// to nine tenths, so the sort is rare) or their estimated size passes `maxBytes`.
    mutating func trim() {
        for id in touched {
            guard let state = states[id] else {
                estimatedBytes -= sizes.removeValue(forKey: id)?.bytes ?? 0
                continue
            }
            // Re-estimated when the item count moved: edits of text in place barely change it,
            // and a 10,000-item checklist edited every batch should not be walked every batch.
            if let known = sizes[id], known.items == state.items.count { continue }
            let size = Self.estimatedBytes(of: state)
            estimatedBytes += size - (sizes[id]?.bytes ?? 0)
            sizes[id] = (size, state.items.count)
        }
        touched.removeAll(keepingCapacity: true)
        guard states.count > capacity || estimatedBytes > maxBytes else { return }
        let keep = states.count > capacity ? capacity - capacity / 10 : states.count
        for (id, _) in lastUse.sorted(by: { $0.value < $1.value }) {
            // The most recent one stays even when it alone is over the byte bound.
            guard states.count > keep || estimatedBytes > maxBytes, states.count > 1 else { break }
            states[id] = nil
            lastUse[id] = nil
            estimatedBytes -= sizes.removeValue(forKey: id)?.bytes ?? 0
        }
    }

    /// A checklist's memory, roughly: its strings plus a fixed cost per item for the rest of
    /// the item, the indexes and the dictionary slot. An estimate, tested to be the right size
    /// order, not an exact count.
    static func estimatedBytes(of state: ChecklistState) -> Int {
        var bytes = 1_024 + state.list.title.utf8.count + (state.list.description?.utf8.count ?? 0)
        for item in state.items.values {
            bytes += 320 + item.title.utf8.count + (item.notes?.utf8.count ?? 0) + (item.location?.utf8.count ?? 0)
        }
        return bytes
    }

    private mutating func touch(_ id: ListID) {
        clock += 1
        lastUse[id] = clock
        touched.insert(id)
    }

    private mutating func forget(_ id: ListID) {
        lastUse[id] = nil
        touched.insert(id)
    }
}
