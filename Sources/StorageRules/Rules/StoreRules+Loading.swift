import ChecklistCore
import ChecklistStore

extension StoreRules {
    /// The checklist's state, from the cache or loaded through the port; `nil` when it does
    /// not exist.
    ///
    /// On a back end other servers write too (`StoragePort.isShared`), a cached state the batch
    /// has not changed yet is checked against the stored head first, so a reader never gets a
    /// checklist as it was before another server's edits.
    func state(_ id: ListID) throws(StorageFailure) -> ChecklistState? {
        if let cached = states.use(id) {
            guard port.isShared, batch.lists[id] == nil else { return cached }
            switch try port.loadChecklist(id, unlessHeadIs: cached.list.seq) {
            case .current:
                return cached
            case .loaded(let state):
                states[id] = state
                return state
            case .missing:
                states[id] = nil
                return nil
            }
        }
        guard case .loaded(let state) = try port.loadChecklist(id, unlessHeadIs: nil) else { return nil }
        states[id] = state
        return state
    }

    /// The state for a reader or editor, with the same answer for "does not exist" and
    /// "not yours" so ids cannot be probed.
    func visibleState(_ id: ListID, for userID: UserID) throws -> ChecklistState {
        guard let state = try state(id), state.role(of: userID) != nil else {
            throw StoreError.rejected(.listNotFound(id))
        }
        return state
    }

    /// Makes sure the checklist is in the cache as stored, before the batch's first edit of it,
    /// or throws `listNotFound`. Copies no state: an edit's own rules then check the actor's
    /// role (a checklist they do not take part in is `listNotFound` there too).
    ///
    /// Why the port is asked even when the checklist is cached: a back end that other servers
    /// write too can tell that its head moved, and the checklist is reloaded before its next
    /// `seq` is given out. A back end only this server writes answers `.current` at once.
    func requireEditable(_ id: ListID) throws {
        let cachedHead = states.head(using: id)
        if cachedHead != nil, batch.lists[id] != nil { return }
        switch try port.loadChecklist(id, unlessHeadIs: cachedHead) {
        case .current:
            return
        case .loaded(let state):
            states[id] = state
        case .missing:
            states[id] = nil
            throw StoreError.rejected(.listNotFound(id))
        }
    }
}
