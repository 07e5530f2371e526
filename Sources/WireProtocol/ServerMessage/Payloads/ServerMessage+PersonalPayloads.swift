public import ChecklistCore

// The user's settings and reminders.
extension ServerMessage {
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
