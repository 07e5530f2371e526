public import ChecklistCore

/// A message from the server, as a value: what a client decodes (`ServerMessage.decode`) and
/// what re-encodes to the very bytes the server sent (`encoded()`).
///
/// The server itself writes its messages with the static writers beside these cases
/// (`ServerMessage.event(_:)` and the rest, in `ServerMessage+Writers.swift`): they go from the
/// domain's values straight to bytes with the measured `JSONWriter`, and an event's bytes are
/// stored in the log. `encoded()` goes through those same writers, so there is one encoding;
/// the golden fixtures (`Tests/fixtures/wire/server`) check that decoding and re-encoding give
/// back each fixture byte for byte.
///
/// Forward compatible, as the contract asks of clients: unknown fields are ignored (kept in
/// the payloads' `raw` where a client passes them on), and a message of a type this value does
/// not model arrives as `.other` instead of failing.
public enum ServerMessage: Sendable, Equatable {
    case authed(Authed)
    case loggedOut(LoggedOut)
    case error(ErrorReply)
    case ack(Ack)
    case lists(Lists)
    case snapshot(Snapshot)
    case subscribed(Subscribed)
    case unsubscribed(Unsubscribed)
    case listShared(ListShared)
    case revoked(Revoked)
    case event(RemoteEvent)
    case settings(Settings)
    case reminder(Reminder)
    case reminderDismissed(ReminderDismissed)
    case reminderSnoozed(ReminderSnoozed)
    case history(History)
    /// A type not modelled here (`agenda`, `search`, … or one a newer server added): the
    /// message as sent.
    case other(type: String, JSONValue)
}

extension ServerMessage {
    /// `signup`, `login` or `auth` succeeded; `token` only after `signup` and `login`.
    public struct Authed: Sendable, Equatable {
        public var token: String?
        public var userID: UserID
        public var username: String
        public var ref: String?

        public init(token: String?, userID: UserID, username: String, ref: String? = nil) {
            self.token = token
            self.userID = userID
            self.username = username
            self.ref = ref
        }
    }

    public struct LoggedOut: Sendable, Equatable {
        public var ref: String?

        public init(ref: String? = nil) {
            self.ref = ref
        }
    }

    /// A refusal. `code` stays a string: a newer server may send codes this client does not know.
    public struct ErrorReply: Sendable, Equatable {
        public var opID: String?
        public var code: String
        public var message: String
        public var ref: String?

        public init(opID: String?, code: String, message: String, ref: String? = nil) {
            self.opID = opID
            self.code = code
            self.message = message
            self.ref = ref
        }
    }

    /// An edit is durable as event `seq` of `list`.
    public struct Ack: Sendable, Equatable {
        public var opID: String
        public var list: ListID
        public var seq: Int64
        /// The new list's or item's id (`createList`, `addItem`, `quickAdd`).
        public var createdID: String?
        /// A quickAdd's reading of the text, as sent.
        public var parsed: JSONValue?
        public var ref: String?

        public init(opID: String, list: ListID, seq: Int64, createdID: String?, parsed: JSONValue?, ref: String? = nil)
        {
            self.opID = opID
            self.list = list
            self.seq = seq
            self.createdID = createdID
            self.parsed = parsed
            self.ref = ref
        }
    }

    public struct Lists: Sendable, Equatable {
        public var lists: [RemoteSummary]
        public var ref: String?

        public init(lists: [RemoteSummary], ref: String? = nil) {
            self.lists = lists
            self.ref = ref
        }
    }

    /// A checklist's whole state at `seq`: the LIST (a SUMMARY with the participants and items).
    public struct Snapshot: Sendable, Equatable {
        public var seq: Int64
        public var summary: RemoteSummary
        public var participants: [RemoteParticipant]
        public var items: [RemoteItem]
        public var ref: String?

        public init(
            seq: Int64, summary: RemoteSummary, participants: [RemoteParticipant], items: [RemoteItem],
            ref: String? = nil
        ) {
            self.seq = seq
            self.summary = summary
            self.participants = participants
            self.items = items
            self.ref = ref
        }
    }

    public struct Subscribed: Sendable, Equatable {
        public var list: ListID
        public var seq: Int64
        public var replayed: Int
        public var ref: String?

        public init(list: ListID, seq: Int64, replayed: Int, ref: String? = nil) {
            self.list = list
            self.seq = seq
            self.replayed = replayed
            self.ref = ref
        }
    }

    public struct Unsubscribed: Sendable, Equatable {
        public var list: ListID
        public var ref: String?

        public init(list: ListID, ref: String? = nil) {
            self.list = list
            self.ref = ref
        }
    }

    /// A checklist was shared with the user (or their role changed), by `by`.
    public struct ListShared: Sendable, Equatable {
        public var summary: RemoteSummary
        public var by: String

        public init(summary: RemoteSummary, by: String) {
            self.summary = summary
            self.by = by
        }
    }

    /// The user is no longer a participant of `list`.
    public struct Revoked: Sendable, Equatable {
        public var list: ListID

        public init(list: ListID) {
            self.list = list
        }
    }

    public struct Settings: Sendable, Equatable {
        public var timeZone: String
        public var inbox: ListID?
        public var maxAttachmentBytes: Int64?
        public var email: EmailSettingsReply?
        public var ref: String?

        public init(
            timeZone: String, inbox: ListID?, maxAttachmentBytes: Int64?, email: EmailSettingsReply?, ref: String? = nil
        ) {
            self.timeZone = timeZone
            self.inbox = inbox
            self.maxAttachmentBytes = maxAttachmentBytes
            self.email = email
            self.ref = ref
        }
    }

    /// A reminder occurrence of `item` in `list`.
    public struct Reminder: Sendable, Equatable {
        public var list: ListID
        public var listTitle: String
        public var item: RemoteItem
        public var kind: ReminderKind
        /// The occurrence's time, what `dismissReminder` names.
        public var at: Timestamp
        public var late: Bool

        public init(list: ListID, listTitle: String, item: RemoteItem, kind: ReminderKind, at: Timestamp, late: Bool) {
            self.list = list
            self.listTitle = listTitle
            self.item = item
            self.kind = kind
            self.at = at
            self.late = late
        }
    }

    /// Occurrences of `item` up to `at` were dismissed (on any of the user's devices).
    public struct ReminderDismissed: Sendable, Equatable {
        public var list: ListID
        public var item: ItemID
        public var at: Timestamp
        public var ref: String?

        public init(list: ListID, item: ItemID, at: Timestamp, ref: String? = nil) {
            self.list = list
            self.item = item
            self.at = at
            self.ref = ref
        }
    }

    /// `item`'s reminders wait until `until`.
    public struct ReminderSnoozed: Sendable, Equatable {
        public var list: ListID
        public var item: ItemID
        public var until: Timestamp
        public var ref: String?

        public init(list: ListID, item: ItemID, until: Timestamp, ref: String? = nil) {
            self.list = list
            self.item = item
            self.until = until
            self.ref = ref
        }
    }

    /// A habit checklist's days in a range, each with who did what.
    public struct History: Sendable, Equatable {
        public var list: ListID
        public var days: [ChecklistState.HistoryDay]
        public var ref: String?

        public init(list: ListID, days: [ChecklistState.HistoryDay], ref: String? = nil) {
            self.list = list
            self.days = days
            self.ref = ref
        }
    }
}

extension ServerMessage {
    /// The message's `type`, as on the wire.
    public var type: String {
        switch self {
        case .authed: "authed"
        case .loggedOut: "loggedOut"
        case .error: "error"
        case .ack: "ack"
        case .lists: "lists"
        case .snapshot: "snapshot"
        case .subscribed: "subscribed"
        case .unsubscribed: "unsubscribed"
        case .listShared: "listShared"
        case .revoked: "revoked"
        case .event: "event"
        case .settings: "settings"
        case .reminder: "reminder"
        case .reminderDismissed: "reminderDismissed"
        case .reminderSnoozed: "reminderSnoozed"
        case .history: "history"
        case .other(let type, _): type
        }
    }

    /// The `ref` of the request this answers; nil for what the server pushes.
    public var ref: String? {
        switch self {
        case .authed(let reply): reply.ref
        case .loggedOut(let reply): reply.ref
        case .error(let reply): reply.ref
        case .ack(let reply): reply.ref
        case .lists(let reply): reply.ref
        case .snapshot(let reply): reply.ref
        case .subscribed(let reply): reply.ref
        case .unsubscribed(let reply): reply.ref
        case .settings(let reply): reply.ref
        case .reminderDismissed(let reply): reply.ref
        case .reminderSnoozed(let reply): reply.ref
        case .history(let reply): reply.ref
        case .other(_, let json): json["ref"]?.stringValue
        case .listShared, .revoked, .event, .reminder: nil
        }
    }
}
