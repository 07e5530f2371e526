public import ChecklistCore

/// The writers of every message the server sends: from the domain's values straight to bytes.
/// Each message is encoded once; an event's bytes are stored in the log and written as they
/// are to every subscriber. (`ServerMessage.encoded()` goes through these too.)
extension ServerMessage {
    public static func authed(token: String?, userID: UserID, username: String, ref: String?) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginMessage("authed", ref: ref)
        if let token { writer.field("token", token) }
        writer.key("user")
        writer.beginObject()
        writer.field("id", userID)
        writer.field("username", username)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    public static func loggedOut(ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 48)
        writer.beginMessage("loggedOut", ref: ref)
        writer.endObject()
        return writer.bytes
    }

    public static func error(_ error: WireError, opID: String? = nil, ref: String? = nil) -> [UInt8] {
        refusal(ErrorReply(opID: opID, code: error.code.rawValue, message: error.message, ref: ref))
    }

    /// Also what a decoded refusal re-encodes with: its code may be one this build does not know.
    static func refusal(_ reply: ErrorReply) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginMessage("error", ref: reply.ref)
        if let opID = reply.opID { writer.field("opId", opID) }
        writer.field("code", reply.code)
        writer.field("message", reply.message)
        writer.endObject()
        return writer.bytes
    }

    /// `parsed` is a quickAdd's `parsed` object, already encoded (`JSONWriter.quickAddParsed`).
    /// `createdID` is a list's or an item's id, so a `String` (see `AppliedEdit.createdID`).
    public static func ack(
        opID: String, listID: ListID, seq: Int64, createdID: String?, parsed: [UInt8]? = nil, ref: String?
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + (parsed?.count ?? 0))
        writer.beginMessage("ack", ref: ref)
        writer.field("opId", opID)
        writer.field("list", listID)
        writer.key("seq")
        writer.int(Int(seq))
        if let createdID { writer.field("id", createdID) }
        if let parsed {
            writer.key("parsed")
            writer.rawJSON(parsed)
        }
        writer.endObject()
        return writer.bytes
    }

    public static func lists(_ summaries: [ListSummary], ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + 320 * summaries.count)
        writer.beginMessage("lists", ref: ref)
        writer.key("lists")
        writer.beginArray()
        for summary in summaries { writer.summary(summary, includeRole: true) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    public static func snapshot(summary: ListSummary, participants: [Participant], items: [ItemView], ref: String?)
        -> [UInt8]
    {
        var writer = JSONWriter(capacity: 512 + 400 * items.count)
        writer.beginMessage("snapshot", ref: ref)
        writer.key("seq")
        writer.int(Int(summary.list.seq))
        writer.key("list")
        writer.beginObject()
        writer.summaryFields(summary, includeRole: true, includeParticipantCount: false)
        writer.key("participants")
        writer.beginArray()
        for participant in participants { writer.participant(username: participant.username, role: participant.role) }
        writer.endArray()
        writer.key("items")
        writer.beginArray()
        for item in items { writer.item(item) }
        writer.endArray()
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    public static func subscribed(listID: ListID, seq: Int64, replayed: Int, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.beginMessage("subscribed", ref: ref)
        writer.field("list", listID)
        writer.key("seq")
        writer.int(Int(seq))
        writer.field("replayed", replayed)
        writer.endObject()
        return writer.bytes
    }

    public static func unsubscribed(listID: ListID, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        writer.beginMessage("unsubscribed", ref: ref)
        writer.field("list", listID)
        writer.endObject()
        return writer.bytes
    }

    /// Tells a user's connections that a checklist was shared with them (or their role
    /// changed), so their lists view can show it without polling; `by` is who shared it
    /// (the contract's "Sessions and sharing").
    public static func listShared(_ summary: ListSummary, by username: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 400)
        writer.beginMessage("listShared", ref: nil)
        writer.key("list")
        writer.summary(summary, includeRole: true)
        writer.field("by", username)
        writer.endObject()
        return writer.bytes
    }

    public static func revoked(listID: ListID) -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        writer.beginMessage("revoked", ref: nil)
        writer.field("list", listID)
        writer.endObject()
        return writer.bytes
    }

    /// The event, in the form stored in the log and sent to every subscriber.
    public static func event(_ event: ChecklistEvent) -> [UInt8] {
        // An event about one item is ~1,050 bytes (its envelope and the list summary ~500, the
        // item ~550): sized so the buffer is not grown and copied while writing.
        var writer = JSONWriter(capacity: 1024 + 512 * event.changes.items.count)
        writer.beginMessage("event", ref: nil)
        writer.field("list", event.listID)
        writer.key("seq")
        writer.int(Int(event.seq))
        writer.field("opId", event.opID)
        writer.field("op", event.kind)
        writer.field("by", event.by)
        writer.field("at", event.at)
        if let item = event.item { writer.field("item", item) }
        if let occurrence = event.occurrence { writer.field("occurrence", occurrence.description) }
        if let checkIn = event.checkIn {
            writer.field("date", checkIn.date.description)
            writer.field("value", checkIn.value?.rawValue)
        }
        writer.key("changes")
        writer.beginObject()
        if let summary = event.changes.list {
            writer.key("list")
            writer.summary(summary, includeRole: false)
        }
        writer.key("items")
        writer.beginArray()
        for item in event.changes.items { writer.item(item) }
        writer.endArray()
        if let participants = event.changes.participants {
            writer.key("participants")
            writer.beginArray()
            for change in participants { writer.participant(username: change.username, role: change.role) }
            writer.endArray()
        }
        writer.endObject()
        writer.key("completion")
        writer.completion(event.completion)
        writer.endObject()
        return writer.bytes
    }

    // MARK: Settings and reminders

    /// `maxAttachmentBytes`: the server's limit on one upload, an addition so a client can
    /// name it and check a file before sending it.
    /// `email`: the user's mail settings (docs/protocol.md), when the server tells them.
    public static func settings(
        timeZone: String, inboxID: ListID?, maxAttachmentBytes: Int64? = nil, email: EmailSettingsReply? = nil,
        ref: String?
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.beginMessage("settings", ref: ref)
        writer.field("tz", timeZone)
        writer.field("inbox", inboxID)
        if let maxAttachmentBytes { writer.field("maxAttachmentBytes", Int(maxAttachmentBytes)) }
        if let email { writer.emailSettings(email) }
        writer.endObject()
        return writer.bytes
    }

    /// A reminder occurrence for one user; `listTitle` is an addition so a client can name
    /// the checklist without having loaded it.
    public static func reminder(
        listID: ListID, listTitle: String, item: ItemView, kind: ReminderKind, at: Timestamp, late: Bool
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 600)
        writer.beginMessage("reminder", ref: nil)
        writer.field("list", listID)
        writer.field("listTitle", listTitle)
        writer.key("item")
        writer.item(item)
        writer.field("kind", kind.rawValue)
        writer.field("at", at)
        writer.field("late", late)
        writer.endObject()
        return writer.bytes
    }

    public static func reminderDismissed(listID: ListID, itemID: ItemID, at: Timestamp, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.beginMessage("reminderDismissed", ref: ref)
        writer.field("list", listID)
        writer.field("item", itemID)
        writer.field("at", at)
        writer.endObject()
        return writer.bytes
    }

    public static func reminderSnoozed(listID: ListID, itemID: ItemID, until: Timestamp, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.beginMessage("reminderSnoozed", ref: ref)
        writer.field("list", listID)
        writer.field("item", itemID)
        writer.field("until", until)
        writer.endObject()
        return writer.bytes
    }

    /// A habit checklist's history: every scheduled day in the range with what was done.
    public static func history(listID: ListID, days: [ChecklistState.HistoryDay], ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 128 + 80 * days.count)
        writer.beginMessage("history", ref: ref)
        writer.field("list", listID)
        writer.key("days")
        writer.beginArray()
        for day in days {
            writer.beginObject()
            writer.field("date", day.date.description)
            writer.field("user", day.username)
            writer.field("item", day.itemID)
            writer.field("value", day.value)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
