/// Completion of every subtree and of the whole checklist, counted from scratch in one pass.
///
/// `ChecklistState` counts this once when it is built and then keeps it up to date edit by
/// edit (`ChecklistState+Completion`); tests compare the two to prove the bookkeeping.
///
/// Iterative (children before parents over a pre-order list) because items nest to any
/// depth and a recursive walk could exhaust the stack on a hostile tree.
struct CompletionIndex: Hashable, Sendable {
    /// What every item contributes to its parent: its own status when it has no children,
    /// else the sum over its children.
    var subtree: [ItemID: Completion] = [:]
    var list = Completion.empty

    init(items: [ItemID: Item], childIDs: [ItemID?: [ItemID]]) {
        var preorder: [ItemID] = []
        preorder.reserveCapacity(items.count)
        var stack = childIDs[nil] ?? []
        while let id = stack.popLast() {
            preorder.append(id)
            stack.append(contentsOf: childIDs[id] ?? [])
        }
        subtree.reserveCapacity(preorder.count)
        for id in preorder.reversed() {
            let children = childIDs[id] ?? []
            if children.isEmpty {
                subtree[id] = Completion.leaf(items[id]?.status ?? .open)
            } else {
                subtree[id] = children.reduce(Completion.empty) { $0 + (subtree[$1] ?? .empty) }
            }
        }
        list = (childIDs[nil] ?? []).reduce(Completion.empty) { $0 + (subtree[$1] ?? .empty) }
    }
}
