/// Completion kept up to date edit by edit.
///
/// Why: recounting the whole tree after every edit made each edit O(items). Every item's
/// contribution to its parent is stored (`subtreeCompletion`), and an edit adds the
/// difference it makes to the item's ancestors only, which is O(depth).
///
/// The invariant every primitive keeps: an item with children contributes the sum of its
/// children; one without contributes `Completion.leaf(status)`; the list is the sum of the
/// root items.
extension ChecklistState {
    /// Completion of the whole checklist.
    public func completion() -> Completion { listCompletion }

    /// Completion of an item, or `nil` when it has no children.
    public func completion(of id: ItemID) -> Completion? {
        hasChildren(id) ? subtreeCompletion[id] : nil
    }

    /// Links a new item under its parent and counts it.
    mutating func countInserted(_ item: Item) {
        let own = Completion.leaf(item.status)
        subtreeCompletion[item.id] = own
        attach(item.id, contributing: own, to: item.parent)
    }

    /// Replaces an existing item, re-linking it when its parent changed, and recounts what
    /// its status or its move changed.
    mutating func countReplaced(_ old: Item, with item: Item) {
        let id = item.id
        if old.parent != item.parent {
            let carried = subtreeCompletion[id] ?? .empty
            detach(id, contributing: carried, from: old.parent)
            items[id] = item
            let own = hasChildren(id) ? carried : Completion.leaf(item.status)
            subtreeCompletion[id] = own
            attach(id, contributing: own, to: item.parent)
        } else {
            items[id] = item
            guard !hasChildren(id) else { return }
            let before = Completion.leaf(old.status)
            let after = Completion.leaf(item.status)
            guard before != after else { return }
            subtreeCompletion[id] = after
            add(after - before, from: item.parent)
        }
    }

    private mutating func attach(_ id: ItemID, contributing value: Completion, to parent: ItemID?) {
        guard let parent else {
            childIDs[nil, default: []].append(id)
            listCompletion = listCompletion + value
            return
        }
        noteCompletionChange(parent)
        let wasLeaf = !hasChildren(parent)
        childIDs[parent, default: []].append(id)
        if wasLeaf {
            // The parent stops counting itself and counts its only child instead.
            let before = subtreeCompletion[parent] ?? .empty
            subtreeCompletion[parent] = value
            add(value - before, from: items[parent]?.parent)
        } else {
            add(value, from: parent)
        }
    }

    private mutating func detach(_ id: ItemID, contributing value: Completion, from parent: ItemID?) {
        if let parent { noteCompletionChange(parent) }
        childIDs[parent]?.removeAll { $0 == id }
        if let parent, !hasChildren(parent) {
            // The parent has no children left and counts itself again.
            let before = subtreeCompletion[parent] ?? .empty
            let after = Completion.leaf(items[parent]?.status ?? .open)
            subtreeCompletion[parent] = after
            add(after - before, from: items[parent]?.parent)
        } else {
            add(.empty - value, from: parent)
        }
    }

    /// Adds `delta` to `start` (`nil` = the root), each of its ancestors and the list.
    private mutating func add(_ delta: Completion, from start: ItemID?) {
        guard delta != .empty else { return }
        var current = start
        while let id = current {
            noteCompletionChange(id)
            subtreeCompletion[id] = (subtreeCompletion[id] ?? .empty) + delta
            current = items[id]?.parent
        }
        listCompletion = listCompletion + delta
    }

    /// Inside `apply`, remembers an item's completion before its first change, so the edit
    /// can report the items whose completion moved without comparing the whole tree.
    private mutating func noteCompletionChange(_ id: ItemID) {
        guard completionBefore != nil, completionBefore?[id] == nil else { return }
        let current = completion(of: id)
        completionBefore?[id] = .some(current)
    }

    /// Starts recording completion changes (see `noteCompletionChange`).
    mutating func beginCompletionJournal() { completionBefore = [:] }

    /// Stops recording and returns the items whose completion differs from before.
    mutating func endCompletionJournal() -> [ItemID] {
        let journal = completionBefore ?? [:]
        completionBefore = nil
        return journal.compactMap { id, before in before != completion(of: id) ? id : nil }
    }
}
