public import ChecklistCore
public import WireProtocol

/// A `reminder` from the server, as the terminal shows it.
public struct ReminderNotice: Sendable, Equatable {
    public var listID: ListID
    public var listTitle: String
    public var itemID: ItemID
    public var itemTitle: String
    /// `before` or `every`.
    public var kind: String
    /// The occurrence's time, RFC 3339 UTC, as sent (what `dismissReminder` names).
    public var at: String
    public var late: Bool
    /// The item's due value, if it has one.
    public var due: String?
    /// The message as the server sent it, for `--json`.
    public var raw: JSONValue

    public init?(json: JSONValue) {
        guard json.string("type") == "reminder", let listID = json.string("list"), let item = json["item"],
            let itemID = item.string("id"), let at = json.string("at")
        else { return nil }
        self.listID = ListID(listID)
        listTitle = json.string("listTitle") ?? listID
        self.itemID = ItemID(itemID)
        itemTitle = item.string("title") ?? itemID
        kind = json.string("kind") ?? "every"
        self.at = at
        late = json["late"]?.boolValue ?? false
        due = item.string("due")
        raw = json
    }
}

/// Something the server told the user outside the list being watched: a reminder, or a
/// checklist shared with them.
public enum Notice: Sendable, Equatable {
    case reminder(ReminderNotice)
    case shared(listTitle: String, by: String, raw: JSONValue)

    public init?(json: JSONValue) {
        switch json.string("type") {
        case "reminder":
            guard let reminder = ReminderNotice(json: json) else { return nil }
            self = .reminder(reminder)
        case "listShared":
            self = .shared(
                listTitle: json["list"]?.string("title") ?? "a checklist", by: json.string("by") ?? "someone", raw: json
            )
        default:
            return nil
        }
    }

    public var raw: JSONValue {
        switch self {
        case .reminder(let reminder): reminder.raw
        case .shared(_, _, let raw): raw
        }
    }
}
