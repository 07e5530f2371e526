import ChecklistCore
public import WireProtocol

/// Says in words what an event did ("checked off “Homework 2”"), by comparing the objects it
/// carries with the copy from before it was applied.
///
/// Why compare instead of reading only `op`: an `updateItem` may rename, reschedule or
/// move a location, and "edited" alone would hide which; a `cancelItem` may cascade to
/// sub-items, and the count is worth showing.
public enum ChangeDescriber {
    public static func record(_ event: RemoteEvent, before: ChecklistView?) -> ChangeRecord {
        ChangeRecord(seq: event.seq, by: event.by, at: event.at, op: event.op, text: describe(event, before: before))
    }

    public static func describe(_ event: RemoteEvent, before: ChecklistView?) -> String {
        let known = before?.items ?? [:]
        let target =
            event.op == "addItem" || event.op == "quickAdd"
            ? event.items.first { known[$0.id] == nil } ?? event.items.first
            : event.items.first
        let name = target.map { "“\($0.title)”" } ?? "an item"
        let old = target.flatMap { known[$0.id] }
        switch event.op {
        case "addItem", "quickAdd":
            let parent = target?.parent.flatMap { id in event.items.first { $0.id == id }?.title ?? known[id]?.title }
            return "added \(name)" + (parent.map { " under “\($0)”" } ?? "")
        case "updateItem":
            return itemEdit(name: name, old: old, new: target)
        case "moveItem":
            guard let target, let old, old.parent != target.parent else { return "moved \(name)" }
            let parent = target.parent.flatMap { id in event.items.first { $0.id == id }?.title ?? known[id]?.title }
            return "moved \(name) " + (parent.map { "under “\($0)”" } ?? "to the top level")
        case "completeItem": return "checked off \(name)"
        case "reopenItem": return "reopened \(name)"
        case "cancelItem":
            let cascaded = event.items.dropFirst().filter {
                $0.status == .cancelled && known[$0.id]?.status != .cancelled
            }.count
            return "cancelled \(name)" + (cascaded > 0 ? " and \(cascaded) sub-item\(cascaded == 1 ? "" : "s")" : "")
        case "restoreItem": return "restored \(name)"
        case "createList": return "created the list"
        case "updateList":
            if let title = event.summary?.title, let oldTitle = before?.summary.title, title != oldTitle {
                return "renamed the list to “\(title)”"
            }
            return "edited the list"
        case "completeList": return "completed the list"
        case "reopenList": return "reopened the list"
        case "cancelList": return "cancelled the list"
        case "restoreList": return "restored the list"
        case "share":
            let change = event.participants?.first
            let existed =
                before?.participants.contains { $0.username.lowercased() == change?.username.lowercased() } ?? false
            guard let change, let role = change.role else { return "shared the list" }
            return existed
                ? "made \(change.username) \(role == .editor ? "an" : "a") \(role.rawValue)"
                : "shared the list with \(change.username) (\(role.rawValue))"
        case "unshare":
            return event.participants?.first.map { "removed \($0.username) from the list" } ?? "removed a participant"
        default:
            return "\(event.op)" + (target == nil ? "" : " \(name)")
        }
    }

    private static func itemEdit(name: String, old: RemoteItem?, new: RemoteItem?) -> String {
        guard let old, let new else { return "edited \(name)" }
        if old.title != new.title { return "renamed “\(old.title)” to “\(new.title)”" }
        var fields: [String] = []
        if old.due != new.due { fields.append(new.due == nil ? "cleared the due date" : "due date") }
        if old.location != new.location { fields.append("location") }
        if old.notes != new.notes { fields.append("notes") }
        if old.remindEvery != new.remindEvery { fields.append("reminder") }
        if fields == ["cleared the due date"] { return "cleared the due date of \(name)" }
        let named = fields.filter { $0 != "cleared the due date" }
        guard !named.isEmpty else { return "edited \(name)" }
        let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named.last!
        return "changed the \(list) of \(name)"
    }
}
