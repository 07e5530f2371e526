import ChecklistClient
import ChecklistCore
import WireProtocol

/// `move … --to OTHER`: a checklist is the unit of sharing and history, so an item cannot
/// change checklist in one edit. It is copied there with its sub-items (each add, and each tick
/// of a done one, an edit of its own) and the original is cancelled: nothing is deleted, and
/// restoring the original (or `undo`, one edit at a time) takes it back.
extension TerminalCommands {
    static func moveAcross(
        _ item: RemoteItem, from source: ChecklistView, to destination: RemoteSummary, target: MoveTarget,
        context: ClientContext, console: Console
    ) async throws {
        let (there, _) = try await context.view(of: destination)
        let parent = try target.under.map { try context.resolveItem($0, in: there) { $0.status != .cancelled } }
        var newIDs: [ItemID: ItemID] = [:]
        let subtree = source.rows.filter { $0.item.id == item.id || isDescendant($0.item, of: item.id, in: source) }
            .map(\.item).filter { $0.status != .cancelled }
        for original in subtree {
            let newParent = original.id == item.id ? parent?.id : original.parent.flatMap { newIDs[$0] }
            let copy = copyOperation(original, to: destination, parent: newParent, participants: there.participants)
            newIDs[original.id] = copy.newItemID
            try await submit(
                copy, context: context, console: console, done: "Added “\(original.title)” to “\(destination.title)”",
                undo: { _ in
                    copy.newItemID.map {
                        .undoAdd(item: $0, title: original.title, list: destination.id, listTitle: destination.title)
                    }
                })
            if original.status == .done, original.repeatRule == nil, let id = copy.newItemID {
                try await submit(
                    .itemStatus(
                        .completeItem(id), list: destination.id, itemTitle: original.title, listTitle: destination.title
                    ),
                    context: context, console: console, done: "Completed “\(original.title)” in “\(destination.title)”",
                    undo: { _ in
                        .itemStatus(
                            .reopenItem(id), list: destination.id, itemTitle: original.title,
                            listTitle: destination.title)
                    })
            }
        }
        try await submit(
            .itemStatus(.cancelItem(item.id), list: source.id, itemTitle: item.title, listTitle: source.title),
            context: context, console: console,
            done:
                "Cancelled the original “\(item.title)” in “\(source.title)” (restore it there to take the move back)",
            undo: { _ in
                .itemStatus(.restoreItem(item.id), list: source.id, itemTitle: item.title, listTitle: source.title)
            })
    }

    private static func isDescendant(_ item: RemoteItem, of ancestor: ItemID, in view: ChecklistView) -> Bool {
        var current = item.parent
        var seen: Set<ItemID> = []
        while let id = current, seen.insert(id).inserted {
            if id == ancestor { return true }
            current = view.items[id]?.parent
        }
        return false
    }

    /// An `addItem` in `destination` with everything set on `original` (its assignee only when
    /// they take part in the destination too).
    private static func copyOperation(
        _ original: RemoteItem, to destination: RemoteSummary, parent: ItemID?, participants: [RemoteParticipant]
    ) -> Operation {
        let assignee = original.assignee.flatMap { name in
            participants.contains { $0.username.lowercased() == name.lowercased() } ? name : nil
        }
        return .addItem(
            list: destination.id, title: original.title, parent: parent, due: original.due, location: original.location,
            remindEvery: original.remindEvery, notes: original.notes, remindBefore: original.remindBefore,
            assignee: assignee, repeatRule: original.repeatRule.flatMap { try? RepeatRule(parsing: $0) },
            listTitle: destination.title)
    }
}
