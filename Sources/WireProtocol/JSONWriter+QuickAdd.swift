public import ChecklistCore

extension JSONWriter {
    /// The `parsed` object of a `quickAdd` ack, on its own: what is stored with the op, so a
    /// resent quickAdd gets the same bytes.
    public static func quickAddParsed(_ result: QuickAddResult) -> [UInt8] {
        var writer = JSONWriter()
        writer.quickAddParsedObject(result)
        return writer.bytes
    }

    /// The `parsed` object of a `quickAdd` ack: what was understood, and the UTF-16 ranges of
    /// the text each part came from, so a client can highlight them.
    mutating func quickAddParsedObject(_ result: QuickAddResult) {
        beginObject()
        field("list", result.list)
        field("section", result.section)
        field("title", result.title)
        field("date", result.date?.description)
        field("time", result.time?.description)
        field("location", result.location)
        field("remindEvery", result.remindEvery)
        field("remindBefore", result.remindBefore)
        field("repeat", result.repeatRule?.rrule)
        key("ranges")
        beginObject()
        let ranges = result.ranges
        for (name, range) in [
            ("list", ranges.list), ("section", ranges.section), ("date", ranges.date), ("time", ranges.time),
            ("location", ranges.location), ("remindEvery", ranges.remindEvery),
            ("remindBefore", ranges.remindBefore), ("repeat", ranges.repeatRule),
        ] {
            guard let range else { continue }
            key(text: name)
            self.range(range)
        }
        key("title")
        beginArray()
        for range in ranges.title { self.range(range) }
        endArray()
        endObject()
        endObject()
    }

    private mutating func range(_ range: QuickAddRange) {
        beginObject()
        field("start", range.start)
        field("length", range.length)
        endObject()
    }
}
