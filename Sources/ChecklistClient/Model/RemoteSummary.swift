public import ChecklistCore
public import WireProtocol

/// A checklist's SUMMARY as the server sent it (`lists`, snapshots, events).
///
/// `raw` keeps the object itself, so `--json` output passes on every field, including ones
/// a newer server adds that this client does not know.
public struct RemoteSummary: Sendable, Equatable {
    public var id: ListID
    public var title: String
    public var description: String?
    public var status: ListStatus
    public var due: Due?
    /// The reader's role; events carry none, so a copy keeps the one it had.
    public var role: Role?
    public var seq: Int64
    public var completion: Completion
    /// The participant count (`lists` and events); snapshots carry the participants instead.
    public var participantCount: Int?
    public var updatedAt: Timestamp?
    public var completedAt: Timestamp?
    public var cancelledAt: Timestamp?
    public var raw: JSONObject

    public init(json: JSONValue) throws {
        guard let object = json.objectValue else {
            throw ClientError.unexpectedReply("a checklist that is not an object")
        }
        id = ListID(try json.required("id", in: "a checklist"))
        title = json.string("title") ?? "(untitled)"
        description = json.string("description")
        status = json.string("status").flatMap(ListStatus.init(rawValue:)) ?? .active
        due = json.due("due")
        role = json.string("role").flatMap(Role.init(rawValue:))
        seq = json["seq"]?.int64Value ?? 0
        completion = json.completion("completion") ?? .empty
        participantCount = json["participants"]?.intValue
        updatedAt = json.timestamp("updatedAt")
        completedAt = json.timestamp("completedAt")
        cancelledAt = json.timestamp("cancelledAt")
        raw = object
    }

    /// When it was completed or cancelled, whichever applies: the sort key of those sections.
    public var closedAt: Timestamp? {
        switch status {
        case .active: nil
        case .completed: completedAt
        case .cancelled: cancelledAt
        }
    }
}
