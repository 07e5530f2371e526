public import ChecklistCore
public import WireProtocol

/// The edits that take others back, for `checkwire undo`. Each is built when the edit is made,
/// from what was there before; none deletes anything (an added item is cancelled).
extension Operation {
    /// The new item's id of an `addItem` (chosen by this client), else nil.
    public var newItemID: ItemID? {
        if case .edit(_, .addItem(let new)) = request { return new.id }
        return nil
    }

    /// Cancels what an `addItem` or `quickAdd` created.
    public static func undoAdd(item: ItemID, title: String, list: ListID, listTitle: String) -> Operation {
        .itemStatus(.cancelItem(item), list: list, itemTitle: title, listTitle: listTitle)
    }

    /// Gives back to `item` the fields `changes` sets.
    public static func undoUpdate(
        _ changes: Edit.ItemUpdate, of item: RemoteItem, list: ListID, listTitle: String
    ) -> Operation {
        func old<Value>(_ change: FieldChange<Value>, _ value: Value?) -> FieldChange<Value> {
            change.isUnchanged ? .unchanged : value.map { .set($0) } ?? .clear
        }
        let back = Edit.ItemUpdate(
            title: changes.title == nil ? nil : item.title, notes: old(changes.notes, item.notes),
            due: old(changes.due, item.due), location: old(changes.location, item.location),
            remindEvery: old(changes.remindEvery, item.remindEvery),
            remindBefore: old(changes.remindBefore, item.remindBefore),
            assignee: old(changes.assignee, item.assignee),
            repeatRule: old(changes.repeatRule, item.repeatRule.flatMap { try? RepeatRule(parsing: $0) }))
        let title = changes.title ?? item.title
        return .updateItem(list: list, item: item.id, changes: back, itemTitle: title, listTitle: listTitle)
    }

    /// Gives back to the checklist the fields `changes` sets.
    public static func undoUpdate(_ changes: Edit.ListUpdate, of list: RemoteSummary) -> Operation {
        var back = Edit.ListUpdate(title: changes.title == nil ? nil : list.title)
        if !changes.description.isUnchanged { back.description = list.description.map { .set($0) } ?? .clear }
        if !changes.due.isUnchanged { back.due = list.due.map { .set($0) } ?? .clear }
        if changes.timeZone != nil { back.timeZone = list.raw["tz"]?.stringValue }
        return .updateList(list: list.id, changes: back, listTitle: changes.title ?? list.title)
    }

    /// Puts `username` back as they were on the checklist: their old role, or not a participant.
    public static func undoSharing(username: String, before: Role?, list: ListID, listTitle: String) -> Operation {
        guard let before else { return .unshare(list: list, username: username, listTitle: listTitle) }
        return .share(list: list, username: username, role: before, listTitle: listTitle)
    }
}
