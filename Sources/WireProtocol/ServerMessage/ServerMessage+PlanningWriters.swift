public import ChecklistCore

/// The writers of the replies that look across the checklists: the agenda, search, the
/// calendar feed's URL, and attachments' URLs and upload answers.
extension ServerMessage {
    /// `agenda`: each entry its checklist and the item (a repeating item's occurrence as its `due`).
    public static func agenda(items: [AgendaEntry], overdue: [AgendaEntry], ref: String?) -> [UInt8] {
        // An entry is about 600 bytes: one allocation up front rather than a copy of megabytes.
        var writer = JSONWriter(capacity: 256 + 700 * (items.count + overdue.count))
        writer.beginMessage("agenda", ref: ref)
        for (key, entries) in [("items", items), ("overdue", overdue)] as [(StaticString, [AgendaEntry])] {
            writer.key(key)
            writer.beginArray()
            // By index: a for-in loop copies each (large) entry, retaining every string in it.
            for index in entries.indices {
                writer.beginObject()
                writer.field("list", entries[index].listID)
                writer.field("listTitle", entries[index].listTitle)
                writer.key("item")
                writer.item(entries[index].item)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.bytes
    }

    /// `search`: best match first; `item` is absent for a checklist's own match.
    public static func search(_ hits: [SearchHit], ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + 600 * hits.count)
        writer.beginMessage("search", ref: ref)
        writer.key("results")
        writer.beginArray()
        for hit in hits {
            writer.beginObject()
            writer.field("list", hit.listID)
            writer.field("listTitle", hit.listTitle)
            writer.field("listStatus", hit.listStatus.rawValue)
            if let item = hit.item {
                writer.key("item")
                writer.item(item)
            }
            writer.field("snippet", hit.snippet)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// `feed`: the secret calendar URL, for one checklist when `list` is given.
    public static func feed(url: String, list: ListID?, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginMessage("feed", ref: ref)
        writer.field("url", url)
        if let list { writer.field("list", list) }
        writer.endObject()
        return writer.bytes
    }

    /// `attachmentURL`: a short-lived URL that needs no bearer token (for `<img src>`).
    public static func attachmentURL(_ url: String, id: AttachmentID?, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginMessage("attachmentURL", ref: ref)
        writer.field("url", url)
        if let id { writer.field("id", id) }
        writer.endObject()
        return writer.bytes
    }

    /// The 201 answer to an upload: `{"id","name","type","size","sha256"}`.
    public static func attachmentCreated(_ attachment: Attachment) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("id", attachment.id)
        writer.field("name", attachment.name)
        writer.field("type", attachment.type)
        writer.field("size", Int(attachment.size))
        writer.field("sha256", attachment.sha256)
        writer.endObject()
        return writer.bytes
    }
}
