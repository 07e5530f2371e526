public import ChecklistCore
import Foundation
import WireProtocol

/// The edits the terminal makes, one factory per `op` kind of the protocol.
extension Operation {
    public static func createList(title: String, description: String?, due: Due?, habits: Bool = false) -> Operation {
        let new = Edit.NewList(title: title, description: description, due: due, kind: habits ? .habits : .checklist)
        return Operation(.createList(id: nil, new), summary: "create the list “\(title)”")
    }

    public static func updateList(list: ListID, changes: Edit.ListUpdate, listTitle: String) -> Operation {
        Operation(.edit(list, .updateList(changes)), summary: "edit the list “\(listTitle)”")
    }

    /// `.completeList`, `.reopenList`, `.cancelList` or `.restoreList`.
    public static func listStatus(_ edit: Edit, list: ListID, listTitle: String) -> Operation {
        Operation(.edit(list, edit), summary: "\(verb(edit.kind)) the list “\(listTitle)”")
    }

    public static func addItem(
        list: ListID, title: String, parent: ItemID? = nil, due: Due? = nil, location: String? = nil,
        remindEvery: Int? = nil, notes: String? = nil, remindBefore: Int? = nil, assignee: String? = nil,
        repeatRule: RepeatRule? = nil, listTitle: String, parentTitle: String? = nil
    ) -> Operation {
        let new = Edit.NewItem(
            id: ItemID(UUID().uuidString.lowercased()), parent: parent, title: title, notes: notes, due: due,
            location: location,
            remindEvery: remindEvery, remindBefore: remindBefore, assignee: assignee, repeatRule: repeatRule
        )
        let place = parentTitle.map { "under “\($0)” in “\(listTitle)”" } ?? "to “\(listTitle)”"
        return Operation(.edit(list, .addItem(new)), summary: "add “\(title)” \(place)")
    }

    public static func updateItem(
        list: ListID, item: ItemID, changes: Edit.ItemUpdate, itemTitle: String, listTitle: String
    ) -> Operation {
        Operation(.edit(list, .updateItem(item, changes)), summary: "edit “\(itemTitle)” in “\(listTitle)”")
    }

    /// Moves the item under another parent (`.clear`: to the top level) and/or among its siblings.
    public static func moveItem(
        list: ListID, item: ItemID, parent: FieldChange<ItemID>, placement: Placement, itemTitle: String,
        listTitle: String, parentTitle: String? = nil
    ) -> Operation {
        let place =
            switch parent {
            case .set: "under “\(parentTitle ?? "?")”"
            case .clear: "to the top level"
            case .unchanged: "among its siblings"
            }
        return Operation(
            .edit(list, .moveItem(item, parent: parent, placement: placement)),
            summary: "move “\(itemTitle)” \(place) in “\(listTitle)”")
    }

    /// `.completeItem`, `.reopenItem`, `.cancelItem` or `.restoreItem` of the item.
    public static func itemStatus(_ edit: Edit, list: ListID, itemTitle: String, listTitle: String) -> Operation {
        Operation(.edit(list, edit), summary: "\(verb(edit.kind)) “\(itemTitle)” in “\(listTitle)”")
    }

    public static func share(list: ListID, username: String, role: Role, listTitle: String) -> Operation {
        Operation(
            .share(list, username: username, role: role),
            summary: "share “\(listTitle)” with \(username) as \(role.rawValue)")
    }

    public static func unshare(list: ListID, username: String, listTitle: String) -> Operation {
        Operation(.unshare(list, username: username), summary: "stop sharing “\(listTitle)” with \(username)")
    }

    /// Free text the server parses into an item ("CS 298 - Homework 2 due 3/12").
    public static func quickAdd(text: String, timeZone: String, list: ListID? = nil) -> Operation {
        Operation(.quickAdd(text: text, list: list, timeZone: timeZone), summary: "quick add “\(text)”")
    }

    /// A check-in on a habit for one day: `.done`, `.skipped`, or `nil` to undo.
    public static func checkIn(
        list: ListID, item: ItemID, date: CivilDate, value: CheckInValue?, itemTitle: String, listTitle: String
    ) -> Operation {
        let verb = value.map { $0 == .skipped ? "skip" : "check in" } ?? "undo the check-in of"
        return Operation(
            .edit(list, .checkIn(item, date: date, value: value)),
            summary: "\(verb) “\(itemTitle)” in “\(listTitle)” on \(date)")
    }

    static func verb(_ kind: String) -> String {
        switch kind {
        case "completeList", "completeItem": "complete"
        case "reopenList", "reopenItem": "reopen"
        case "cancelList", "cancelItem": "cancel"
        case "restoreList", "restoreItem": "restore"
        default: kind
        }
    }
}
