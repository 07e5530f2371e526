public import ChecklistCore

// Signing in and out, refusals and acknowledgements.
extension ServerMessage {
    /// `signup`, `login` or `auth` succeeded; `token` only after `signup` and `login`.
    public struct Authed: Sendable, Equatable {
        public var token: String?
        public var userID: UserID
        public var username: String
        public var ref: String?

        public init(token: String?, userID: UserID, username: String, ref: String? = nil) {
            self.token = token
            self.userID = userID
            self.username = username
            self.ref = ref
        }
    }

    public struct LoggedOut: Sendable, Equatable {
        public var ref: String?

        public init(ref: String? = nil) {
            self.ref = ref
        }
    }

    /// A refusal. `code` stays a string: a newer server may send codes this client does not know.
    public struct ErrorReply: Sendable, Equatable {
        public var opID: String?
        public var code: String
        public var message: String
        public var ref: String?

        public init(opID: String?, code: String, message: String, ref: String? = nil) {
            self.opID = opID
            self.code = code
            self.message = message
            self.ref = ref
        }
    }

    /// An edit is durable as event `seq` of `list`.
    public struct Ack: Sendable, Equatable {
        public var opID: String
        public var list: ListID
        public var seq: Int64
        /// The new list's or item's id (`createList`, `addItem`, `quickAdd`).
        public var createdID: String?
        /// A quickAdd's reading of the text, as sent.
        public var parsed: JSONValue?
        public var ref: String?

        public init(opID: String, list: ListID, seq: Int64, createdID: String?, parsed: JSONValue?, ref: String? = nil)
        {
            self.opID = opID
            self.list = list
            self.seq = seq
            self.createdID = createdID
            self.parsed = parsed
            self.ref = ref
        }
    }
}
