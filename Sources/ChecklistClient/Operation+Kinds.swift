import Foundation
public import WireProtocol

/// The edits the terminal makes, one factory per `op` kind of the protocol.
extension Operation {
    /// Fields of an update: an absent value is left out, `.null` clears, a value sets.
    public typealias Update = [(String, JSONValue)]

    public static func createList(title: String, description: String?, due: String?, habits: Bool = false) -> Operation {
        var fields: [(String, JSONValue)] = [("title", .string(title))]
        if let description { fields.append(("description", .string(description))) }
        if let due { fields.append(("due", .string(due))) }
        if habits { fields.append(("kind", "habits")) }
        return Operation(kind: "createList", fields: fields, summary: "create the list “\(title)”")
    }

    public static func updateList(list: String, changes: Update, listTitle: String) -> Operation {
        Operation(kind: "updateList", fields: [("list", .string(list))] + changes, summary: "edit the list “\(listTitle)”")
    }

    /// `completeList`, `reopenList`, `cancelList` or `restoreList`.
    public static func listStatus(_ kind: String, list: String, listTitle: String) -> Operation {
        Operation(kind: kind, fields: [("list", .string(list))], summary: "\(verb(kind)) the list “\(listTitle)”")
    }

    public static func addItem(
        list: String, title: String, parent: String? = nil, due: String? = nil, location: String? = nil,
        remindEvery: Int? = nil, notes: String? = nil, remindBefore: Int? = nil, assignee: String? = nil,
        repeatRule: String? = nil, listTitle: String, parentTitle: String? = nil
    ) -> Operation {
        var fields: [(String, JSONValue)] = [("list", .string(list)), ("id", .string(UUID().uuidString.lowercased()))]
        if let parent { fields.append(("parent", .string(parent))) }
        fields.append(("title", .string(title)))
        if let notes { fields.append(("notes", .string(notes))) }
        if let due { fields.append(("due", .string(due))) }
        if let location { fields.append(("location", .string(location))) }
        if let remindEvery { fields.append(("remindEvery", .number(JSONNumber(Int64(remindEvery))))) }
        if let remindBefore { fields.append(("remindBefore", .number(JSONNumber(Int64(remindBefore))))) }
        if let assignee { fields.append(("assignee", .string(assignee))) }
        if let repeatRule { fields.append(("repeat", .string(repeatRule))) }
        let place = parentTitle.map { "under “\($0)” in “\(listTitle)”" } ?? "to “\(listTitle)”"
        return Operation(kind: "addItem", fields: fields, summary: "add “\(title)” \(place)")
    }

    public static func updateItem(list: String, item: String, changes: Update, itemTitle: String, listTitle: String) -> Operation {
        Operation(kind: "updateItem", fields: [("list", .string(list)), ("item", .string(item))] + changes, summary: "edit “\(itemTitle)” in “\(listTitle)”")
    }

    /// `completeItem`, `reopenItem`, `cancelItem` or `restoreItem`.
    public static func itemStatus(_ kind: String, list: String, item: String, itemTitle: String, listTitle: String) -> Operation {
        Operation(kind: kind, fields: [("list", .string(list)), ("item", .string(item))], summary: "\(verb(kind)) “\(itemTitle)” in “\(listTitle)”")
    }

    public static func share(list: String, username: String, role: String, listTitle: String) -> Operation {
        Operation(
            kind: "share", fields: [("list", .string(list)), ("username", .string(username)), ("role", .string(role))],
            summary: "share “\(listTitle)” with \(username) as \(role)"
        )
    }

    public static func unshare(list: String, username: String, listTitle: String) -> Operation {
        Operation(kind: "unshare", fields: [("list", .string(list)), ("username", .string(username))], summary: "stop sharing “\(listTitle)” with \(username)")
    }

    /// Free text the server parses into an item ("CS 298 - Homework 2 due 3/12").
    public static func quickAdd(text: String, timeZone: String, list: String? = nil) -> Operation {
        var fields: [(String, JSONValue)] = [("text", .string(text))]
        if let list { fields.append(("list", .string(list))) }
        fields.append(("tz", .string(timeZone)))
        return Operation(kind: "quickAdd", fields: fields, summary: "quick add “\(text)”")
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

extension Operation {
    /// A check-in on a habit for one day: `done`, `skipped`, or `nil` to undo.
    public static func checkIn(list: String, item: String, date: String, value: String?, itemTitle: String, listTitle: String) -> Operation {
        let verb = value.map { $0 == "skipped" ? "skip" : "check in" } ?? "undo the check-in of"
        return Operation(
            kind: "checkIn",
            fields: [("list", .string(list)), ("item", .string(item)), ("date", .string(date)), ("value", value.map(JSONValue.string) ?? .null)],
            summary: "\(verb) “\(itemTitle)” in “\(listTitle)” on \(date)"
        )
    }
}
