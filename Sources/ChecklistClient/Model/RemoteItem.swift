public import ChecklistCore
public import WireProtocol

/// An ITEM as the server sent it; a local copy replaces it whole when an event carries it.
public struct RemoteItem: Sendable, Equatable {
    public var id: ItemID
    public var parent: ItemID?
    public var position: ItemPosition
    public var title: String
    public var notes: String?
    public var due: Due?
    public var location: String?
    public var remindEvery: Int?
    /// The repeat rule (the contract's RRULE subset), when the item repeats.
    public var repeatRule: String?
    public var status: ItemStatus
    public var createdBy: String?
    public var createdAt: Timestamp?
    public var doneBy: String?
    public var doneAt: Timestamp?
    public var cancelledBy: String?
    public var cancelledAt: Timestamp?
    /// Present only on items with children.
    public var completion: Completion?
    public var raw: JSONObject

    public init(json: JSONValue) throws {
        guard let object = json.objectValue else { throw ClientError.unexpectedReply("an item that is not an object") }
        id = ItemID(try json.required("id", in: "an item"))
        parent = json.string("parent").map(ItemID.init)
        position = ItemPosition(json["position"])
        title = json.string("title") ?? "(untitled)"
        notes = json.string("notes")
        due = json.due("due")
        location = json.string("location")
        remindEvery = json.int("remindEvery")
        repeatRule = json.string("repeat")
        status = json.string("status").flatMap(ItemStatus.init(rawValue:)) ?? .open
        createdBy = json.string("createdBy")
        createdAt = json.timestamp("createdAt")
        doneBy = json.string("doneBy")
        doneAt = json.timestamp("doneAt")
        cancelledBy = json.string("cancelledBy")
        cancelledAt = json.timestamp("cancelledAt")
        completion = json.completion("completion")
        raw = object
    }

    /// Seconds before `due` to remind (0 = at the due moment), when set.
    public var remindBefore: Int? { JSONValue.object(raw).int("remindBefore") }

    /// The participant its reminders go to, when one is assigned.
    public var assignee: String? { JSONValue.object(raw).string("assignee") }

    /// How many files are attached and not cancelled.
    public var attachmentCount: Int {
        (raw["attachments"]?.arrayValue ?? []).filter { $0.string("status") != "cancelled" }.count
    }

    /// An edit of this item waits in the offline queue (`ChecklistView.applying(_:)`): what is
    /// shown is what the server will most likely make of it.
    public var isPending: Bool { raw["pending"]?.boolValue == true }
}
