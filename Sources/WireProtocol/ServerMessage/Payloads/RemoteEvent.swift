public import ChecklistCore

/// One `event` of a checklist's log: the whole objects the edit touched, after the edit.
public struct RemoteEvent: Sendable, Equatable {
    public var list: ListID
    public var seq: Int64
    public var opID: String?
    public var op: String
    public var by: String?
    public var at: Timestamp?
    /// The item an item edit was about.
    public var item: ItemID?
    /// The occurrence a `completeItem` of a repeating item recorded as done.
    public var occurrence: CivilDate?
    /// A `checkIn`'s day and value (`value` nil: the check-in was taken back).
    public var checkIn: CheckIn?
    public var summary: RemoteSummary?
    public var items: [RemoteItem]
    public var participants: [RemoteParticipant]?
    public var completion: Completion?
    public var raw: JSONValue

    public init(json: JSONValue) throws(ServerMessageDecodingError) {
        list = ListID(try json.required("list", in: "an event"))
        seq = try json.requiredInt64("seq", in: "an event")
        opID = json.string("opId")
        op = json.string("op") ?? "edit"
        by = json.string("by")
        at = json.timestamp("at")
        item = json.string("item").map(ItemID.init)
        occurrence = json.string("occurrence").flatMap(CivilDate.init(iso:))
        checkIn = json.string("date").flatMap(CivilDate.init(iso:)).map {
            CheckIn(date: $0, value: json.string("value").flatMap(CheckInValue.init(rawValue:)))
        }
        let changes = json["changes"]
        if let list = changes?["list"], !list.isNull { summary = try RemoteSummary(json: list) }
        items = []
        for item in changes?["items"]?.arrayValue ?? [] { items.append(try RemoteItem(json: item)) }
        participants = changes?["participants"]?.arrayValue?.compactMap(RemoteParticipant.init(json:))
        completion = json.completion("completion")
        raw = json
    }

    /// A `checkIn` event's day and answer.
    public struct CheckIn: Sendable, Equatable {
        public var date: CivilDate
        public var value: CheckInValue?
    }
}
