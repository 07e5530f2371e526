public import ChecklistCore
public import WireProtocol

/// One `event` of a checklist's log: the whole objects the edit touched, after the edit.
public struct RemoteEvent: Sendable {
    public var list: String
    public var seq: Int64
    public var opID: String?
    public var op: String
    public var by: String?
    public var at: Timestamp?
    public var summary: RemoteSummary?
    public var items: [RemoteItem]
    public var participants: [RemoteParticipant]?
    public var completion: Completion?
    public var raw: JSONValue

    public init(json: JSONValue) throws {
        list = try json.required("list", in: "an event")
        guard let seq = json["seq"]?.int64Value else { throw ClientError.unexpectedReply("an event without \"seq\"") }
        self.seq = seq
        opID = json.string("opId")
        op = json.string("op") ?? "edit"
        by = json.string("by")
        at = json.timestamp("at")
        let changes = json["changes"]
        summary = try changes?["list"].flatMap { $0.isNull ? nil : try RemoteSummary(json: $0) }
        items = try (changes?["items"]?.arrayValue ?? []).map(RemoteItem.init(json:))
        participants = changes?["participants"]?.arrayValue?.compactMap(RemoteParticipant.init(json:))
        completion = json.completion("completion")
        raw = json
    }
}
