import ChecklistCore
public import WireProtocol

/// The items as a tree: parents before children, siblings by position.
extension ChecklistView {
    /// One line of the tree.
    public struct Row: Sendable {
        public var item: RemoteItem
        public var depth: Int
    }

    /// Every item in tree pre-order. An item whose parent is unknown is shown at the root,
    /// so nothing the server sent is ever hidden.
    public var rows: [Row] {
        var children: [ItemID?: [RemoteItem]] = [:]
        for item in items.values {
            let parent = item.parent.flatMap { items[$0] == nil ? nil : $0 }
            children[parent, default: []].append(item)
        }
        for key in children.keys {
            children[key]?.sort { ($0.position, $0.id) < ($1.position, $1.id) }
        }
        var rows: [Row] = []
        rows.reserveCapacity(items.count)
        var stack: [(RemoteItem, Int)] = (children[nil] ?? []).reversed().map { ($0, 0) }
        var visited: Set<ItemID> = []
        while let (item, depth) = stack.popLast() {
            guard visited.insert(item.id).inserted else { continue }
            rows.append(Row(item: item, depth: depth))
            for child in (children[item.id] ?? []).reversed() { stack.append((child, depth + 1)) }
        }
        return rows
    }

    /// A copy with only the items `keep` accepts and their ancestors (so each kept item is
    /// shown where it sits). The summary, completion included, is the whole checklist's.
    public func keeping(_ keep: (RemoteItem) -> Bool) -> ChecklistView {
        var kept: [ItemID: RemoteItem] = [:]
        for item in items.values where keep(item) {
            var current: RemoteItem? = item
            while let next = current, kept[next.id] == nil {
                kept[next.id] = next
                current = next.parent.flatMap { items[$0] }
            }
        }
        var copy = self
        copy.items = kept
        return copy
    }

    /// The item's ancestors' titles, outermost first ("Tickets › Flights").
    public func path(of item: RemoteItem) -> [String] {
        var titles: [String] = []
        var current = item.parent
        var seen: Set<ItemID> = []
        while let id = current, let parent = items[id], seen.insert(id).inserted {
            titles.insert(parent.title, at: 0)
            current = parent.parent
        }
        return titles
    }

    /// The checklist as `--json` shows it: the snapshot's LIST, with the summary's current
    /// fields, the reader's role, the participants, and the items in tree order.
    public var json: JSONValue {
        var object = summary.raw
        object = object.setting("seq", .number(JSONNumber(seq)))
        object = object.setting("role", summary.role.map { .string($0.rawValue) } ?? .null)
        object = object.setting("participants", .array(participants.map(\.json)))
        object = object.setting("items", .array(rows.map { .object($0.item.raw) }))
        return .object(object)
    }
}
