public import ChecklistCore

/// How the core's values look on the wire (the contract's SUMMARY, ITEM, COMPLETION).
extension JSONWriter {
    mutating func completion(_ completion: Completion) {
        beginObject()
        field("done", completion.done)
        field("total", completion.total)
        field("percent", completion.percent)
        endObject()
    }

    /// An id is written as its string: the bytes are what they were when ids were plain strings.
    @inlinable
    public mutating func field<ID: StringIdentifier>(_ key: String, _ id: ID?) {
        field(key, id?.rawValue)
    }

    mutating func field(_ key: String, _ timestamp: Timestamp?) {
        self.key(key)
        guard let timestamp else { return null() }
        // Written straight into the buffer: no String per timestamp (see `formatRFC3339`).
        separate()
        bytes.append(UInt8(ascii: "\""))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Timestamp.maximumRFC3339Length) { buffer in
            let count = timestamp.formatRFC3339(into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func field(_ key: String, _ due: Due?) {
        field(key, due?.description)
    }

    /// SUMMARY's fields, without the braces so a snapshot's LIST can extend them. A LIST
    /// carries the participants themselves instead of their count.
    mutating func summaryFields(_ summary: ListSummary, includeRole: Bool, includeParticipantCount: Bool = true) {
        let list = summary.list
        field("id", list.id)
        field("title", list.title)
        field("description", list.description)
        field("status", list.status.rawValue)
        field("due", list.due)
        field("tz", list.timeZone)
        field("inbox", list.isInbox)
        field("kind", list.kind.rawValue)
        field("sequential", list.sequential)
        if includeRole { field("role", summary.role?.rawValue) }
        key("seq")
        int(Int(list.seq))
        key("completion")
        completion(summary.completion)
        if includeParticipantCount { field("participants", summary.participantCount) }
        field("updatedAt", list.updatedAt)
        field("completedAt", list.completedAt)
        field("cancelledAt", list.cancelledAt)
        if let habits = summary.habits {
            key("habits")
            beginObject()
            for username in habits.keys.sorted() {
                let stats = habits[username]!
                key(username)
                beginObject()
                field("streak", stats.streak)
                field("best", stats.best)
                field("score", (stats.score * 1000).rounded() / 1000)
                field("today", stats.today.rawValue)
                endObject()
            }
            endObject()
        }
    }

    mutating func summary(_ summary: ListSummary, includeRole: Bool) {
        beginObject()
        summaryFields(summary, includeRole: includeRole)
        endObject()
    }

    mutating func item(_ view: ItemView) {
        let item = view.item
        beginObject()
        field("id", item.id)
        field("parent", item.parent)
        key("position")
        double(item.position)
        field("title", item.title)
        field("notes", item.notes)
        field("due", item.due)
        field("location", item.location)
        field("remindEvery", item.remindEvery)
        field("remindBefore", item.remindBefore)
        field("assignee", item.assignee)
        field("repeat", item.repeatRule?.rrule)
        field("sequential", item.sequential)
        field("availableFrom", item.availableFrom)
        field("available", view.available)
        field("status", item.status.rawValue)
        field("createdBy", item.createdBy)
        field("createdAt", item.createdAt)
        field("doneBy", item.doneBy)
        field("doneAt", item.doneAt)
        field("cancelledBy", item.cancelledBy)
        field("cancelledAt", item.cancelledAt)
        if let completion = view.completion {
            key("completion")
            self.completion(completion)
        }
        if !item.attachments.isEmpty {
            key("attachments")
            beginArray()
            for attachment in item.attachments { self.attachment(attachment) }
            endArray()
        }
        endObject()
    }

    mutating func attachment(_ attachment: Attachment) {
        beginObject()
        field("id", attachment.id)
        field("name", attachment.name)
        field("type", attachment.type)
        field("size", Int(attachment.size))
        field("sha256", attachment.sha256)
        field("by", attachment.by)
        field("at", attachment.at)
        field("status", attachment.status.rawValue)
        endObject()
    }

    mutating func participant(username: String, role: Role?) {
        beginObject()
        field("username", username)
        field("role", role?.rawValue)
        endObject()
    }

    /// Opens a reply object with its `type` and, when the request had one, its `ref`.
    mutating func beginMessage(_ type: String, ref: String?) {
        beginObject()
        field("type", type)
        if let ref { field("ref", ref) }
    }
}
