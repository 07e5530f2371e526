public import ChecklistCore
import Foundation
public import WireProtocol

/// An edit made while the server was unreachable, waiting in the offline queue.
///
/// It keeps the whole `op` message with its `opId`, so sending it later is exactly the
/// request that would have been sent then, and a resend after a lost `ack` is recognised by
/// the server as the same edit. The message is kept as the JSON the queue file holds, not as
/// a `Request`, so a queue written by any earlier client (whose field order and optional
/// members may differ) still reads back; `request()` reads it the way the server will. `server` and `username` say whose edit it is: a queue is
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

    public init(
        opID: String, server: String, username: String?, queuedAt: Timestamp, summary: String, message: JSONValue
    ) {
        self.opID = opID
        self.server = server
        self.username = username
        self.queuedAt = queuedAt
        self.summary = summary
        self.message = message
    }

    /// Queues `operation` as the `op` request it is sent as.
    public init(_ operation: Operation, server: String, username: String?, queuedAt: Timestamp) {
        // `Request.encoded()` always writes one valid JSON object, so parsing it back cannot fail.
        let message = try! JSONParser.parse(Request(ref: nil, body: operation.body).encoded())
        self.init(
            opID: operation.opID, server: server, username: username, queuedAt: queuedAt, summary: operation.summary,
            message: message)
    }

    public var kind: String { message.string("op") ?? "op" }

    /// The stored message as the `op` request to send, read by the server's own decoder.
    /// - Throws: what the server would answer `badRequest` to (a message that is not an `op`,
    ///   or whose fields the protocol refuses).
    public func request() throws(RequestDecodingError) -> Request {
        let request = try RequestDecoder.decode(message.encoded(), newID: { UUID().uuidString.lowercased() })
        guard case .op = request.body else {
            throw RequestDecodingError("a queued edit must be an op, not \(message.string("type") ?? "untyped")")
        }
        return request
    }

    /// Whether this queued edit belongs to `username` on `server` (an unknown author matches).
    public func belongs(to server: String, username: String) -> Bool {
        self.server == server && (self.username == nil || self.username?.lowercased() == username.lowercased())
    }

    init?(json: JSONValue) {
        guard let opID = json.string("opId"), let server = json.string("server"),
            let message = json["message"], message.objectValue != nil
        else { return nil }
        self.init(
            opID: opID, server: server, username: json.string("username"),
            queuedAt: json.timestamp("queuedAt") ?? Timestamp(milliseconds: 0),
            summary: json.string("summary") ?? message.string("op") ?? "edit", message: message
        )
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("opId", .string(opID)), ("server", .string(server)),
                ("username", username.map(JSONValue.string) ?? .null),
                ("queuedAt", .string(queuedAt.rfc3339)), ("summary", .string(summary)), ("message", message),
            ]))
    }
}
