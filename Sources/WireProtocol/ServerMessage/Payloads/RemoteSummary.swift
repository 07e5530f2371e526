public import ChecklistCore

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
    /// The zone its all-day dates and repeats are read in.
    public var timeZone: String
    public var isInbox: Bool
    public var kind: ChecklistKind
    public var sequential: Bool
    /// A habit checklist's goal in days, when it has one.
    public var goalDays: Int?
    /// The reader's role; events carry none, so a copy keeps the one it had.
    public var role: Role?
    public var seq: Int64
    public var completion: Completion
    /// The participant count (`lists` and events); snapshots carry the participants instead.
    public var participantCount: Int?
    public var updatedAt: Timestamp?
    public var completedAt: Timestamp?
    public var cancelledAt: Timestamp?
    /// A habit checklist's standing of each participant, by username.
    public var habits: [String: HabitStats]?
    public var raw: JSONObject

    public init(json: JSONValue) throws(ServerMessageDecodingError) {
        guard let object = json.objectValue else {
            throw ServerMessageDecodingError("a checklist that is not an object")
        }
        id = ListID(try json.required("id", in: "a checklist"))
        title = json.string("title") ?? "(untitled)"
        description = json.string("description")
        status = json.string("status").flatMap(ListStatus.init(rawValue:)) ?? .active
        due = json.due("due")
        timeZone = json.string("tz") ?? "UTC"
        isInbox = json["inbox"]?.boolValue ?? false
        kind = json.string("kind").flatMap(ChecklistKind.init(rawValue:)) ?? .checklist
        sequential = json["sequential"]?.boolValue ?? false
        goalDays = json.int("goal")
        role = json.string("role").flatMap(Role.init(rawValue:))
        seq = json["seq"]?.int64Value ?? 0
        completion = json.completion("completion") ?? .empty
        participantCount = json["participants"]?.intValue
        updatedAt = json.timestamp("updatedAt")
        completedAt = json.timestamp("completedAt")
        cancelledAt = json.timestamp("cancelledAt")
        habits = json["habits"]?.objectValue.map(Self.habits(from:))
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

    private static func habits(from object: JSONObject) -> [String: HabitStats] {
        var habits: [String: HabitStats] = [:]
        for (username, value) in object.pairs {
            habits[username] = HabitStats(
                streak: value.int("streak") ?? 0, best: value.int("best") ?? 0,
                score: value["score"]?.doubleValue ?? 0,
                today: value.string("today").flatMap(HabitStats.Today.init(rawValue:)) ?? .none)
        }
        return habits
    }
}
