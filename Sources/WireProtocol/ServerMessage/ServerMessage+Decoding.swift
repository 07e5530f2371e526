public import ChecklistCore

extension ServerMessage {
    /// Reads one message as the server sent it.
    /// - Throws: `ServerMessageDecodingError` for bytes that are not a JSON object, or a known
    ///   type without a field it cannot do without. An unknown type is `.other`, not an error.
    public static func decode(_ bytes: some Collection<UInt8>) throws(ServerMessageDecodingError) -> ServerMessage {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ServerMessageDecodingError("a message that is not JSON: \(error)")
        }
        return try ServerMessage(json: json)
    }

    /// Reads one message already parsed.
    public init(json: JSONValue) throws(ServerMessageDecodingError) {
        guard json.objectValue != nil else { throw ServerMessageDecodingError("a message that is not an object") }
        let type = json.string("type") ?? ""
        if let session = try Self.session(type, json) {
            self = session
        } else if let list = try Self.listMessage(type, json) {
            self = list
        } else if let personal = try Self.personal(type, json) {
            self = personal
        } else if let planning = try Self.planning(type, json) {
            self = planning
        } else if let push = try Self.push(type, json) {
            self = push
        } else {
            self = .other(type: type, json)
        }
    }

    /// Accounts, refusals and acknowledgements.
    private static func session(_ type: String, _ json: JSONValue) throws(ServerMessageDecodingError) -> ServerMessage?
    {
        let ref = json.string("ref")
        switch type {
        case "authed":
            let user = json["user"] ?? .null
            return .authed(
                Authed(
                    token: json.string("token"), userID: UserID(try user.required("id", in: "authed's user")),
                    username: try user.required("username", in: "authed's user"), ref: ref))
        case "loggedOut":
            return .loggedOut(LoggedOut(ref: ref))
        case "error":
            return .error(
                ErrorReply(
                    opID: json.string("opId"), code: json.string("code") ?? "unknown",
                    message: json.string("message") ?? "(no message)", ref: ref))
        case "ack":
            return .ack(
                Ack(
                    opID: try json.required("opId", in: "an ack"),
                    list: ListID(try json.required("list", in: "an ack")),
                    seq: try json.requiredInt64("seq", in: "an ack"), createdID: json.string("id"),
                    parsed: json["parsed"], ref: ref))
        default:
            return nil
        }
    }

    /// What is about one checklist, or the lists of them.
    private static func listMessage(_ type: String, _ json: JSONValue) throws(ServerMessageDecodingError)
        -> ServerMessage?
    {
        let ref = json.string("ref")
        switch type {
        case "lists":
            var lists: [RemoteSummary] = []
            for summary in json["lists"]?.arrayValue ?? [] { lists.append(try RemoteSummary(json: summary)) }
            return .lists(Lists(lists: lists, ref: ref))
        case "snapshot":
            return .snapshot(try Snapshot(json: json))
        case "subscribed":
            return .subscribed(
                Subscribed(
                    list: ListID(try json.required("list", in: "subscribed")),
                    seq: try json.requiredInt64("seq", in: "subscribed"), replayed: json.int("replayed") ?? 0,
                    ref: ref))
        case "unsubscribed":
            return .unsubscribed(Unsubscribed(list: ListID(try json.required("list", in: "unsubscribed")), ref: ref))
        case "listShared":
            return .listShared(
                ListShared(summary: try RemoteSummary(json: json["list"] ?? .null), by: json.string("by") ?? "someone"))
        case "revoked":
            return .revoked(Revoked(list: ListID(try json.required("list", in: "revoked"))))
        case "event":
            return .event(try RemoteEvent(json: json))
        case "history":
            return .history(try History(json: json))
        default:
            return nil
        }
    }

    /// The user's settings and reminders.
    private static func personal(_ type: String, _ json: JSONValue) throws(ServerMessageDecodingError)
        -> ServerMessage?
    {
        let ref = json.string("ref")
        switch type {
        case "settings":
            return .settings(
                Settings(
                    timeZone: json.string("tz") ?? "UTC", inbox: json.string("inbox").map(ListID.init),
                    maxAttachmentBytes: json["maxAttachmentBytes"]?.int64Value, email: EmailSettingsReply(wire: json),
                    ref: ref))
        case "reminder":
            return .reminder(try Reminder(json: json))
        case "reminderDismissed":
            return .reminderDismissed(
                ReminderDismissed(
                    list: ListID(try json.required("list", in: "reminderDismissed")),
                    item: ItemID(try json.required("item", in: "reminderDismissed")),
                    at: try json.requiredTimestamp("at", in: "reminderDismissed"), ref: ref))
        case "reminderSnoozed":
            return .reminderSnoozed(
                ReminderSnoozed(
                    list: ListID(try json.required("list", in: "reminderSnoozed")),
                    item: ItemID(try json.required("item", in: "reminderSnoozed")),
                    until: try json.requiredTimestamp("until", in: "reminderSnoozed"), ref: ref))
        default:
            return nil
        }
    }

    /// Replies that look across the checklists.
    private static func planning(_ type: String, _ json: JSONValue) throws(ServerMessageDecodingError)
        -> ServerMessage?
    {
        let ref = json.string("ref")
        switch type {
        case "agenda":
            return .agenda(try Agenda(json: json))
        case "search":
            return .search(try SearchResults(json: json))
        case "feed":
            return .feed(
                Feed(url: try json.required("url", in: "feed"), list: json.string("list").map(ListID.init), ref: ref))
        case "attachmentURL":
            return .attachmentURL(
                AttachmentURL(
                    url: try json.required("url", in: "attachmentURL"), id: json.string("id").map(AttachmentID.init),
                    ref: ref))
        default:
            return nil
        }
    }

    /// The devices that take Web Push.
    private static func push(_ type: String, _ json: JSONValue) throws(ServerMessageDecodingError) -> ServerMessage? {
        let ref = json.string("ref")
        switch type {
        case "pushKey":
            return .pushKey(PushKey(key: try json.required("key", in: "pushKey"), ref: ref))
        case "pushSubscribed":
            return .pushSubscribed(DeviceReply(id: try json.required("id", in: "pushSubscribed"), ref: ref))
        case "pushUnsubscribed":
            return .pushUnsubscribed(DeviceReply(id: try json.required("id", in: "pushUnsubscribed"), ref: ref))
        case "devices":
            return .devices(try Devices(json: json))
        default:
            return nil
        }
    }
}
