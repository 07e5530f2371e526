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
}

extension ServerMessage.Snapshot {
    /// Reads a `snapshot` message (what `ServerMessage.decode` does for one).
    public init(json: JSONValue) throws(ServerMessageDecodingError) {
        guard let list = json["list"], list.objectValue != nil else {
            throw ServerMessageDecodingError("a snapshot without \"list\"")
        }
        summary = try RemoteSummary(json: list)
        participants = (list["participants"]?.arrayValue ?? []).compactMap(RemoteParticipant.init(json:))
        items = []
        for item in list["items"]?.arrayValue ?? [] { items.append(try RemoteItem(json: item)) }
        seq = json["seq"]?.int64Value ?? summary.seq
        ref = json.string("ref")
    }
}

extension ServerMessage.Reminder {
    init(json: JSONValue) throws(ServerMessageDecodingError) {
        list = ListID(try json.required("list", in: "a reminder"))
        listTitle = json.string("listTitle") ?? list.rawValue
        item = try RemoteItem(json: json["item"] ?? .null)
        kind = json.string("kind").flatMap(ReminderKind.init(rawValue:)) ?? .every
        at = try json.requiredTimestamp("at", in: "a reminder")
        late = json["late"]?.boolValue ?? false
    }
}

extension ServerMessage.History {
    init(json: JSONValue) throws(ServerMessageDecodingError) {
        list = ListID(try json.required("list", in: "history"))
        days = (json["days"]?.arrayValue ?? []).compactMap { day in
            guard let date = day.string("date").flatMap(CivilDate.init(iso:)), let item = day.string("item") else {
                return nil
            }
            return ChecklistState.HistoryDay(
                date: date, username: day.string("user") ?? "", itemID: ItemID(item), value: day.string("value") ?? "")
        }
        ref = json.string("ref")
    }
}

extension EmailSettingsReply {
    /// The mail fields of a `settings` reply; nil when the server told none (`emailAvailable` absent).
    init?(wire json: JSONValue) {
        guard let available = json["emailAvailable"]?.boolValue else { return nil }
        let quiet = json["quietHours"].flatMap { hours -> QuietHours? in
            guard let from = hours.string("from").flatMap(TimeOfDay.init),
                let to = hours.string("to").flatMap(TimeOfDay.init)
            else { return nil }
            return QuietHours(from: from, to: to)
        }
        self.init(
            available: available, address: json.string("email"), verified: json["emailVerified"]?.boolValue ?? false,
            reminders: json["emailReminders"]?.boolValue ?? false,
            digest: json.string("digest").flatMap(TimeOfDay.init),
            quietHours: quiet)
    }
}
