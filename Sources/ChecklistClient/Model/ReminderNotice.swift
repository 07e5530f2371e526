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

    public init(_ reminder: ServerMessage.Reminder, raw: JSONValue) {
        listID = reminder.list
        listTitle = reminder.listTitle
        itemID = reminder.item.id
        itemTitle = reminder.item.title
        kind = reminder.kind.rawValue
        at = raw["at"]?.stringValue ?? reminder.at.rfc3339
        late = reminder.late
        due = reminder.item.raw["due"]?.stringValue
        self.raw = raw
    }

    /// Nil unless `incoming` is a `reminder`.
    public init?(_ incoming: Incoming) {
        guard case .reminder(let reminder) = incoming.value else { return nil }
        self.init(reminder, raw: incoming.json)
    }
}

/// Something the server told the user outside the list being watched: a reminder, or a
/// checklist shared with them.
public enum Notice: Sendable, Equatable {
    case reminder(ReminderNotice)
    case shared(listTitle: String, by: String, raw: JSONValue)

    /// Nil unless `incoming` is a `reminder` or a `listShared`.
    public init?(_ incoming: Incoming) {
        switch incoming.value {
        case .reminder(let reminder):
            self = .reminder(ReminderNotice(reminder, raw: incoming.json))
        case .listShared(let shared):
            self = .shared(listTitle: shared.summary.title, by: shared.by, raw: incoming.json)
        default:
            return nil
        }
    }

    /// Reads a message as sent (`Incoming(json:)`).
    public init?(json: JSONValue) {
        self.init(Incoming(json: json))
    }

    public var raw: JSONValue {
        switch self {
        case .reminder(let reminder): reminder.raw
        case .shared(_, _, let raw): raw
        }
    }
}
