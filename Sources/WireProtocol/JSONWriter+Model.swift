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
    public mutating func field<ID: StringIdentifier>(_ key: StaticString, _ id: ID?) {
        field(key, id?.rawValue)
    }

    mutating func field(_ key: StaticString, _ timestamp: Timestamp?) {
        self.key(key)
        guard let timestamp else { return null() }
        // Written straight into the buffer: no String per timestamp (see `formatRFC3339`).
        separate()
        appendByte(UInt8(ascii: "\""))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Timestamp.maximumRFC3339Length) { buffer in
            let count = timestamp.formatRFC3339(into: buffer)
            appendBytes(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        appendByte(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func field(_ key: StaticString, _ due: Due?) {
        switch due {
        case .date(let date)?:
            self.key(key)
            self.date(date)
        case .dateTime(let instant)?: field(key, instant)
        case nil: field(key, nil as String?)
        }
    }

    /// `"YYYY-MM-DD"`, digit by digit: a String per date was 3 % of encoding an `agenda`.
    mutating func date(_ date: CivilDate) {
        separate()
        appendByte(UInt8(ascii: "\""))
        digits(date.year, divisor: 1000)
        appendByte(UInt8(ascii: "-"))
        digits(date.month, divisor: 10)
        appendByte(UInt8(ascii: "-"))
        digits(date.day, divisor: 10)
        appendByte(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `value` in decimal with leading zeros, from the digit `divisor` stands for down.
    private mutating func digits(_ value: Int, divisor: Int) {
        var divisor = divisor
        while divisor > 0 {
            appendByte(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
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
        if list.kind == .habits { field("goal", list.goalDays) }
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
                key(text: username)
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

    /// Reads the fields through `view` rather than binding `view.item` to a local, which
    /// copied the item (retaining each of its strings) once per item encoded.
    mutating func item(_ view: ItemView) {
        beginObject()
        field("id", view.item.id)
        field("parent", view.item.parent)
        key("position")
        double(view.item.position)
        field("title", view.item.title)
        field("notes", view.item.notes)
        field("due", view.item.due)
        field("location", view.item.location)
        field("remindEvery", view.item.remindEvery)
        field("remindBefore", view.item.remindBefore)
        field("assignee", view.item.assignee)
        field("repeat", view.item.repeatRule?.rrule)
        field("sequential", view.item.sequential)
        field("availableFrom", view.item.availableFrom)
        field("available", view.available)
        field("status", view.item.status.rawValue)
        field("createdBy", view.item.createdBy)
        field("createdAt", view.item.createdAt)
        field("doneBy", view.item.doneBy)
        field("doneAt", view.item.doneAt)
        field("cancelledBy", view.item.cancelledBy)
        field("cancelledAt", view.item.cancelledAt)
        if let completion = view.completion {
            key("completion")
            self.completion(completion)
        }
        if !view.item.attachments.isEmpty {
            key("attachments")
            beginArray()
            for attachment in view.item.attachments { self.attachment(attachment) }
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
