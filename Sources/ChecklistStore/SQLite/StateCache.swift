import ChecklistCore

/// The checklists the store keeps in memory, at most `capacity` of them after each batch.
///
/// Why a bound: a long-running server would otherwise keep every checklist anyone ever
/// opened. A dropped checklist is reloaded from its rows when next used, so eviction costs
/// one load, never correctness. Trimming happens between batches only, when no changed
/// rows are waiting to be written, and drops the least recently used tenth at a time so
/// the sort is rare.
struct StateCache {
    let capacity: Int
    private(set) var states: [ListID: ChecklistState] = [:]
    private var lastUse: [ListID: UInt64] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) {
        precondition(capacity > 0, "the cache must hold at least one checklist")
        self.capacity = capacity
    }

    var count: Int { states.count }

    /// The cached state, marking it used.
    mutating func use(_ id: ListID) -> ChecklistState? {
        guard let state = states[id] else { return nil }
        touch(id)
        return state
    }

    subscript(id: ListID) -> ChecklistState? {
        get { states[id] }
        _modify {
            touch(id)
            yield &states[id]
            if states[id] == nil { lastUse[id] = nil }
        }
        set {
            states[id] = newValue
            if newValue == nil { lastUse[id] = nil } else { touch(id) }
        }
    }

    /// Drops the least recently used checklists once there are more than `capacity`.
    mutating func trim() {
        guard states.count > capacity else { return }
        let keep = capacity - capacity / 10
        let oldest = lastUse.sorted { $0.value < $1.value }.prefix(states.count - keep)
        for (id, _) in oldest {
            states[id] = nil
            lastUse[id] = nil
        }
    }

    private mutating func touch(_ id: ListID) {
        clock += 1
        lastUse[id] = clock
    }
}
