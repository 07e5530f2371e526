import ChecklistClient
import ChecklistCore
import WireProtocol

/// `move`: an item under another parent, to another place among its siblings, or to another
/// checklist.
extension TerminalCommands {
    /// Where `move` puts the item.
    public struct MoveTarget: Sendable {
        /// `--under`: the new parent (an item of the destination checklist).
        public var under: String?
        /// `--top`: to the top level.
        public var top: Bool
        /// `--after`: right after this sibling; `--first`: first among its siblings.
        public var after: String?
        public var first: Bool
        /// `--to`: another checklist.
        public var toList: String?

        public init(
            under: String? = nil, top: Bool = false, after: String? = nil, first: Bool = false, toList: String? = nil
        ) {
            self.under = under
            self.top = top
            self.after = after
            self.first = first
            self.toList = toList
        }
    }

    /// Within a checklist, one `moveItem` (undone by moving it back). To another checklist,
    /// the item and its sub-items are added there (done ones ticked) and the original is
    /// cancelled, nothing deleted: several edits, each taken back by its own `undo`.
    public static func move(
        list reference: String, item itemReference: String, to target: MoveTarget, server: String?, console: Console
    ) async throws {
        guard target.under == nil || !target.top else {
            throw ClientError.invalidInput("give --under or --top, not both")
        }
        guard target.after == nil || !target.first else {
            throw ClientError.invalidInput("give --after or --first, not both")
        }
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        let (view, _) = try await context.view(of: list)
        let item = try context.resolveItem(itemReference, in: view) { $0.status != .cancelled }
        if let other = target.toList {
            let destination = try await context.resolveList(other)
            if destination.id != list.id {
                return try await moveAcross(
                    item, from: view, to: destination, target: target, context: context, console: console)
            }
        }
        guard target.under != nil || target.top || target.after != nil || target.first else {
            throw ClientError.invalidInput("say where: --under ITEM, --top, --after ITEM, --first or --to LIST")
        }
        let parent = try target.under.map { try context.resolveItem($0, in: view) { $0.status != .cancelled } }
        let newParent: FieldChange<ItemID> = parent.map { .set($0.id) } ?? (target.top ? .clear : .unchanged)
        let siblingsParent = parent?.id ?? (target.top ? nil : item.parent)
        let placement = try placement(target, among: view, parent: siblingsParent, context: context)
        let operation = Operation.moveItem(
            list: list.id, item: item.id, parent: newParent, placement: placement, itemTitle: item.title,
            listTitle: list.title, parentTitle: parent?.title)
        try await submit(
            operation, context: context, console: console,
            done: "Moved " + operation.summary.dropFirst("move ".count),
            undo: { _ in moveBack(item, in: view, list: list) })
    }

    /// `--after X` (a sibling under the destination parent), `--first`, or last.
    private static func placement(
        _ target: MoveTarget, among view: ChecklistView, parent: ItemID?, context: ClientContext
    )
        throws -> Placement
    {
        if target.first { return .first }
        guard let after = target.after else { return .last }
        let sibling = try context.resolveItem(after, in: view)
        guard sibling.parent == parent else {
            throw ClientError.invalidInput("“\(sibling.title)” is not among the siblings at the destination")
        }
        return .after(sibling.id)
    }

    /// The move that puts the item back: its old parent, right after its old previous sibling.
    private static func moveBack(_ item: RemoteItem, in view: ChecklistView, list: RemoteSummary) -> Operation {
        let siblings = view.items.values.filter { $0.parent == item.parent }.sorted {
            ($0.position, $0.id) < ($1.position, $1.id)
        }
        let index = siblings.firstIndex { $0.id == item.id } ?? 0
        let placement: Placement = index == 0 ? .first : .after(siblings[index - 1].id)
        return .moveItem(
            list: list.id, item: item.id, parent: item.parent.map { .set($0) } ?? .clear, placement: placement,
            itemTitle: item.title, listTitle: list.title,
            parentTitle: item.parent.flatMap { view.items[$0]?.title })
    }
}
