public import ChecklistCore

/// An ITEM as the server sent it; a local copy replaces it whole when an event carries it.
///
/// `raw` keeps the object itself, so a client passes on every field (`--json`), including
/// ones a newer server adds that this one does not know.
public struct RemoteItem: Sendable, Equatable {
    public var id: ItemID
    public var parent: ItemID?
    public var position: ItemPosition
    public var title: String
    public var notes: String?
    public var due: Due?
    public var location: String?
    public var remindEvery: Int?
    /// Seconds before `due` to remind (0 = at the due moment), when set.
    public var remindBefore: Int?
    /// The participant its reminders go to, when one is assigned.
    public var assignee: String?
    /// The repeat rule (the contract's RRULE subset), when the item repeats.
    public var repeatRule: String?
    /// Its children are done one after another.
    public var sequential: Bool
    public var availableFrom: Due?
    /// Whether it may be completed now (sequential parents, `availableFrom`).
    public var available: Bool
    public var status: ItemStatus
    public var createdBy: String?
    public var createdAt: Timestamp?
    public var doneBy: String?
    public var doneAt: Timestamp?
    public var cancelledBy: String?
    public var cancelledAt: Timestamp?
    /// Present only on items with children.
    public var completion: Completion?
    /// Files on the item, cancelled ones included.
    public var attachments: [Attachment]
    public var raw: JSONObject

    public init(json: JSONValue) throws(ServerMessageDecodingError) {
        guard let object = json.objectValue else { throw ServerMessageDecodingError("an item that is not an object") }
        id = ItemID(try json.required("id", in: "an item"))
        parent = json.string("parent").map(ItemID.init)
        position = ItemPosition(json["position"])
        title = json.string("title") ?? "(untitled)"
        notes = json.string("notes")
        due = json.due("due")
        location = json.string("location")
        remindEvery = json.int("remindEvery")
        remindBefore = json.int("remindBefore")
        assignee = json.string("assignee")
        repeatRule = json.string("repeat")
        sequential = json["sequential"]?.boolValue ?? false
        availableFrom = json.due("availableFrom")
        available = json["available"]?.boolValue ?? true
        status = json.string("status").flatMap(ItemStatus.init(rawValue:)) ?? .open
        createdBy = json.string("createdBy")
        createdAt = json.timestamp("createdAt")
        doneBy = json.string("doneBy")
        doneAt = json.timestamp("doneAt")
        cancelledBy = json.string("cancelledBy")
        cancelledAt = json.timestamp("cancelledAt")
        completion = json.completion("completion")
        attachments = (json["attachments"]?.arrayValue ?? []).compactMap(Attachment.init(wire:))
        raw = object
    }
}

extension Attachment {
    /// An attachment as ITEM's `attachments` carries it; nil without its id, name or time.
    init?(wire json: JSONValue) {
        guard let id = json.string("id"), let name = json.string("name"), let at = json.timestamp("at") else {
            return nil
        }
        self.init(
            id: AttachmentID(id), name: name, type: json.string("type") ?? "application/octet-stream",
            size: json["size"]?.int64Value ?? 0, sha256: json.string("sha256") ?? "", by: json.string("by") ?? "",
            at: at, status: json.string("status").flatMap(Status.init(rawValue:)) ?? .active)
    }
}
