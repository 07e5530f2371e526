public import ChecklistCore

// What is about one checklist, or the list of them.
extension ServerMessage {
    public struct Lists: Sendable, Equatable {
        public var lists: [RemoteSummary]
        public var ref: String?

        public init(lists: [RemoteSummary], ref: String? = nil) {
            self.lists = lists
            self.ref = ref
        }
    }

    /// A checklist's whole state at `seq`: the LIST (a SUMMARY with the participants and items).
    public struct Snapshot: Sendable, Equatable {
        public var seq: Int64
        public var summary: RemoteSummary
        public var participants: [RemoteParticipant]
        public var items: [RemoteItem]
        public var ref: String?

        public init(
            seq: Int64, summary: RemoteSummary, participants: [RemoteParticipant], items: [RemoteItem],
            ref: String? = nil
        ) {
            self.seq = seq
            self.summary = summary
            self.participants = participants
            self.items = items
            self.ref = ref
        }
    }

    public struct Subscribed: Sendable, Equatable {
        public var list: ListID
        public var seq: Int64
        public var replayed: Int
        public var ref: String?

        public init(list: ListID, seq: Int64, replayed: Int, ref: String? = nil) {
            self.list = list
            self.seq = seq
            self.replayed = replayed
            self.ref = ref
        }
    }

    public struct Unsubscribed: Sendable, Equatable {
        public var list: ListID
        public var ref: String?

        public init(list: ListID, ref: String? = nil) {
            self.list = list
            self.ref = ref
        }
    }

    /// A checklist was shared with the user (or their role changed), by `by`.
    public struct ListShared: Sendable, Equatable {
        public var summary: RemoteSummary
        public var by: String

        public init(summary: RemoteSummary, by: String) {
            self.summary = summary
            self.by = by
        }
    }

    /// The user is no longer a participant of `list`.
    public struct Revoked: Sendable, Equatable {
        public var list: ListID

        public init(list: ListID) {
            self.list = list
        }
    }

    /// A habit checklist's days in a range, each with who did what.
    public struct History: Sendable, Equatable {
        public var list: ListID
        public var days: [ChecklistState.HistoryDay]
        public var ref: String?

        public init(list: ListID, days: [ChecklistState.HistoryDay], ref: String? = nil) {
            self.list = list
            self.days = days
            self.ref = ref
        }
    }
}

extension ServerMessage.Snapshot {
    /// Reads a `snapshot` message (what `ServerMessage.decode` does for one).
    public init(json: JSONValue) throws(ServerMessageDecodingError) {
        guard let list = json["list"], list.objectValue != nil else {
            throw ServerMessageDecodingError("a snapshot without \"list\"")
        }
        summary = try RemoteSummary(json: list)
        participants = (list["participants"]?.arrayValue ?? []).compactMap(RemoteParticipant.init(json:))
        items = []
        for item in list["items"]?.arrayValue ?? [] { items.append(try RemoteItem(json: item)) }
        seq = json["seq"]?.int64Value ?? summary.seq
        ref = json.string("ref")
    }
}

extension ServerMessage.History {
    init(json: JSONValue) throws(ServerMessageDecodingError) {
        list = ListID(try json.required("list", in: "history"))
        days = (json["days"]?.arrayValue ?? []).compactMap { day in
            guard let date = day.string("date").flatMap(CivilDate.init(iso:)), let item = day.string("item") else {
                return nil
            }
            return ChecklistState.HistoryDay(
                date: date, username: day.string("user") ?? "", itemID: ItemID(item), value: day.string("value") ?? "")
        }
        ref = json.string("ref")
    }
}
