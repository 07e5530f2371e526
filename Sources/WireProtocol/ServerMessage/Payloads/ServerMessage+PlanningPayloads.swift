public import ChecklistCore

// Replies that look across the checklists: the agenda, search, the calendar feed's URL and an
// attachment's signed URL.
extension ServerMessage {
    /// `agenda`: the open items due in the range asked for (a repeating item once per
    /// occurrence, that occurrence as its `due`), and those due before it.
    public struct Agenda: Sendable, Equatable {
        public var items: [Entry]
        public var overdue: [Entry]
        public var ref: String?

        public init(items: [Entry], overdue: [Entry], ref: String? = nil) {
            self.items = items
            self.overdue = overdue
            self.ref = ref
        }

        /// One item of the agenda and the checklist it is in.
        public struct Entry: Sendable, Equatable {
            public var list: ListID
            public var listTitle: String
            public var item: RemoteItem
            /// The entry as sent, for `--json`.
            public var raw: JSONValue

            public init(json: JSONValue) throws(ServerMessageDecodingError) {
                list = ListID(try json.required("list", in: "an agenda entry"))
                listTitle = json.string("listTitle") ?? list.rawValue
                item = try RemoteItem(json: json["item"] ?? .null)
                raw = json
            }
        }
    }

    /// `search`: the matches, best first.
    public struct SearchResults: Sendable, Equatable {
        public var results: [Hit]
        public var ref: String?

        public init(results: [Hit], ref: String? = nil) {
            self.results = results
            self.ref = ref
        }

        /// A checklist's own match (`item` nil: its title or description) or one of its items'.
        public struct Hit: Sendable, Equatable {
            public var list: ListID
            public var listTitle: String
            public var listStatus: ListStatus
            public var item: RemoteItem?
            /// The matched text, the matched words between `«` and `»`.
            public var snippet: String
            /// The hit as sent, for `--json`.
            public var raw: JSONValue

            public init(json: JSONValue) throws(ServerMessageDecodingError) {
                list = ListID(try json.required("list", in: "a search result"))
                listTitle = json.string("listTitle") ?? list.rawValue
                listStatus = json.string("listStatus").flatMap(ListStatus.init(rawValue:)) ?? .active
                if let item = json["item"], !item.isNull { self.item = try RemoteItem(json: item) }
                snippet = json.string("snippet") ?? ""
                raw = json
            }

            /// Whether the checklist or the item matched was cancelled.
            public var isCancelled: Bool { listStatus == .cancelled || item?.status == .cancelled }
        }
    }

    /// `feed`: the secret calendar URL for every checklist of the user, or for `list`.
    public struct Feed: Sendable, Equatable {
        public var url: String
        public var list: ListID?
        public var ref: String?

        public init(url: String, list: ListID?, ref: String? = nil) {
            self.url = url
            self.list = list
            self.ref = ref
        }
    }

    /// `attachmentURL`: a short-lived URL for the attachment that needs no bearer token.
    public struct AttachmentURL: Sendable, Equatable {
        public var url: String
        /// The attachment's id (an addition to the contract's reply, so absent from another server's).
        public var id: AttachmentID?
        public var ref: String?

        public init(url: String, id: AttachmentID?, ref: String? = nil) {
            self.url = url
            self.id = id
            self.ref = ref
        }
    }
}

extension ServerMessage.Agenda {
    init(json: JSONValue) throws(ServerMessageDecodingError) {
        items = []
        for entry in json["items"]?.arrayValue ?? [] { items.append(try Entry(json: entry)) }
        overdue = []
        for entry in json["overdue"]?.arrayValue ?? [] { overdue.append(try Entry(json: entry)) }
        ref = json.string("ref")
    }
}

extension ServerMessage.SearchResults {
    init(json: JSONValue) throws(ServerMessageDecodingError) {
        results = []
        for hit in json["results"]?.arrayValue ?? [] { results.append(try Hit(json: hit)) }
        ref = json.string("ref")
    }
}
