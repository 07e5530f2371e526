public import ChecklistCore
public import WireProtocol

/// An edit made while the server was unreachable, waiting in the offline queue.
///
/// It keeps the whole `op` message with its `opId`, so sending it later is exactly the
/// request that would have been sent then, and a resend after a lost `ack` is recognised by
/// the server as the same edit. `server` and `username` say whose edit it is: a queue is
/// only flushed into the account and server it was made for.
public struct QueuedOp: Sendable, Equatable {
    public var opID: String
    public var server: String
    public var username: String?
    public var queuedAt: Timestamp
    /// What the edit does, in words ("add “Milk” to Groceries").
    public var summary: String
    /// The `op` message, `{"type":"op","opId":…,"op":…,…}`, without a `ref`.
    public var message: JSONValue

    public init(opID: String, server: String, username: String?, queuedAt: Timestamp, summary: String, message: JSONValue) {
        self.opID = opID
        self.server = server
        self.username = username
        self.queuedAt = queuedAt
        self.summary = summary
        self.message = message
    }

    public var kind: String { message.string("op") ?? "op" }

    /// Whether this queued edit belongs to `username` on `server` (an unknown author matches).
    public func belongs(to server: String, username: String) -> Bool {
        self.server == server && (self.username == nil || self.username?.lowercased() == username.lowercased())
    }

    init?(json: JSONValue) {
        guard let opID = json.string("opId"), let server = json.string("server"),
              let message = json["message"], message.objectValue != nil else { return nil }
        self.init(
            opID: opID, server: server, username: json.string("username"),
            queuedAt: json.timestamp("queuedAt") ?? Timestamp(milliseconds: 0),
            summary: json.string("summary") ?? message.string("op") ?? "edit", message: message
        )
    }

    public var json: JSONValue {
        .object(JSONObject([
            ("opId", .string(opID)), ("server", .string(server)),
            ("username", username.map(JSONValue.string) ?? .null),
            ("queuedAt", .string(queuedAt.rfc3339)), ("summary", .string(summary)), ("message", message),
        ]))
    }
}
