/// Completion of every item with children and of the whole checklist, computed in one
/// pass so that an edit can compare before and after without re-walking subtrees.
///
/// Iterative (children before parents over a pre-order list) because items nest to any
/// depth and a recursive walk could exhaust the stack on a hostile tree.
struct CompletionIndex: Hashable, Sendable {
    var items: [ItemID: Completion] = [:]
    var list = Completion.empty

    init(items: [ItemID: Item], childIDs: [ItemID?: [ItemID]]) {
        var preorder: [ItemID] = []
        preorder.reserveCapacity(items.count)
        var stack = childIDs[nil] ?? []
        while let id = stack.popLast() {
            preorder.append(id)
            stack.append(contentsOf: childIDs[id] ?? [])
        }
        var subtree: [ItemID: Completion] = [:]
        subtree.reserveCapacity(preorder.count)
        for id in preorder.reversed() {
            let children = childIDs[id] ?? []
            if children.isEmpty {
                let status = items[id]?.status
                subtree[id] = status == .cancelled ? .empty : Completion(done: status == .done ? 1 : 0, total: 1)
            } else {
                let sum = children.reduce(Completion.empty) { $0 + (subtree[$1] ?? .empty) }
                self.items[id] = sum
                subtree[id] = sum
            }
        }
        list = (childIDs[nil] ?? []).reduce(Completion.empty) { $0 + (subtree[$1] ?? .empty) }
    }
}
