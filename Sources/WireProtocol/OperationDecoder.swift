import ChecklistCore

/// Reads the fields of each `op` kind of the contract.
enum OperationDecoder {
    static let kinds = [
        "createList", "updateList", "completeList", "reopenList", "cancelList", "restoreList", "share", "unshare",
        "addItem", "updateItem", "moveItem", "completeItem", "reopenItem", "cancelItem", "restoreItem", "quickAdd",
        "checkIn",
        "cancelAttachment", "restoreAttachment",
    ]

    static func decode(_ fields: FieldReader, newID: () -> String) throws(RequestDecodingError) -> OperationRequest {
        guard let kind = fields.object["op"]?.stringValue else {
            throw RequestDecodingError("an op needs a string \"op\": one of \(kinds.joined(separator: ", "))")
        }
        let op = FieldReader(object: fields.object, context: kind)
        if let request = try listOperation(kind, op) { return request }
        if let request = try itemOperation(kind, op, newID: newID) { return request }
        switch kind {
        case "quickAdd":
            let text = try op.requiredString("text", limit: Limits.title * 2)
            guard !text.trimmingWhitespace.isEmpty else { throw RequestDecodingError("\"text\" must not be empty") }
            return .quickAdd(text: text, list: try op.optionalID("list"), timeZone: try op.timeZone())
        default:
            throw RequestDecodingError("unknown op \"\(kind)\"; expected one of \(kinds.joined(separator: ", "))")
        }
    }

    /// The ops on a checklist as a whole, its sharing included; nil for any other kind.
    private static func listOperation(_ kind: String, _ op: FieldReader) throws(RequestDecodingError)
        -> OperationRequest?
    {
        switch kind {
        case "createList":
            let kind = try op.checklistKind()
            let goalDays = try op.goalDays().valueForCreate
            guard goalDays == nil || kind == .habits else {
                throw RequestDecodingError("a goal is for habit checklists: send \"kind\": \"habits\" with it")
            }
            return .createList(
                id: try op.optionalID("id"),
                Edit.NewList(
                    title: try op.title() ?? "",
                    description: try op.change("description", limit: Limits.description).valueForCreate,
                    due: try op.due().valueForCreate,
                    timeZone: try op.timeZone(),
                    kind: kind,
                    sequential: try op.flag("sequential") ?? false,
                    goalDays: goalDays
                ))
        case "updateList":
            return .edit(
                try op.id("list"),
                .updateList(
                    Edit.ListUpdate(
                        title: try op.title(required: false),
                        description: try op.change("description", limit: Limits.description),
                        due: try op.due(),
                        timeZone: try op.timeZone(),
                        sequential: try op.flag("sequential"),
                        goalDays: try op.goalDays()
                    )))
        case "completeList": return .edit(try op.id("list"), .completeList)
        case "reopenList": return .edit(try op.id("list"), .reopenList)
        case "cancelList": return .edit(try op.id("list"), .cancelList)
        case "restoreList": return .edit(try op.id("list"), .restoreList)
        case "share":
            let list: ListID = try op.id("list")
            let username = try op.requiredString("username", limit: 256)
            let roleName = try op.requiredString("role", limit: 16)
            guard let role = Role(rawValue: roleName), role != .owner else {
                throw RequestDecodingError("\"role\" must be \"editor\" or \"viewer\"")
            }
            return .share(list, username: username, role: role)
        case "unshare":
            return .unshare(try op.id("list"), username: try op.requiredString("username", limit: 256))
        default:
            return nil
        }
    }

    /// The ops on one item and its attachments; nil for any other kind.
    private static func itemOperation(_ kind: String, _ op: FieldReader, newID: () -> String)
        throws(RequestDecodingError) -> OperationRequest?
    {
        switch kind {
        case "addItem":
            return .edit(
                try op.id("list"),
                .addItem(
                    Edit.NewItem(
                        id: try op.optionalID("id") ?? ItemID(newID()),
                        parent: try op.optionalID("parent"),
                        placement: try op.placement(),
                        title: try op.title() ?? "",
                        notes: try op.change("notes", limit: Limits.notes).valueForCreate,
                        due: try op.due().valueForCreate,
                        location: try op.change("location", limit: Limits.location).valueForCreate,
                        remindEvery: try op.remindEvery().valueForCreate,
                        remindBefore: try op.remindBefore().valueForCreate,
                        assignee: try op.assignee().valueForCreate,
                        repeatRule: try op.repeatRule().valueForCreate,
                        sequential: try op.flag("sequential") ?? false,
                        availableFrom: try op.due("availableFrom").valueForCreate
                    )))
        case "updateItem":
            return .edit(
                try op.id("list"),
                .updateItem(
                    try op.id("item"),
                    Edit.ItemUpdate(
                        title: try op.title(required: false),
                        notes: try op.change("notes", limit: Limits.notes),
                        due: try op.due(),
                        location: try op.change("location", limit: Limits.location),
                        remindEvery: try op.remindEvery(),
                        remindBefore: try op.remindBefore(),
                        assignee: try op.assignee(),
                        repeatRule: try op.repeatRule(),
                        sequential: try op.flag("sequential"),
                        availableFrom: try op.due("availableFrom")
                    )))
        case "moveItem":
            return .edit(
                try op.id("list"),
                .moveItem(try op.id("item"), parent: try op.parentChange(), placement: try op.placement()))
        case "completeItem": return .edit(try op.id("list"), .completeItem(try op.id("item")))
        case "reopenItem": return .edit(try op.id("list"), .reopenItem(try op.id("item")))
        case "cancelItem": return .edit(try op.id("list"), .cancelItem(try op.id("item")))
        case "restoreItem": return .edit(try op.id("list"), .restoreItem(try op.id("item")))
        case "checkIn":
            return .edit(
                try op.id("list"), .checkIn(try op.id("item"), date: try op.date("date"), value: try op.checkInValue()))
        case "cancelAttachment":
            return .edit(try op.id("list"), .cancelAttachment(try op.id("item"), try op.id("attachment")))
        case "restoreAttachment":
            return .edit(try op.id("list"), .restoreAttachment(try op.id("item"), try op.id("attachment")))
        case "attach":
            throw RequestDecodingError(
                "files are attached with an HTTP PUT to /attachments (see docs/protocol.md), not with an op")
        default:
            return nil
        }
    }
}
