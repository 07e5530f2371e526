public import Foundation
public import WireProtocol

/// One edit to send: an `op` message with a fresh `opId`, and a sentence saying what it does
/// (shown when it is queued offline and in `checkwire status`).
///
/// For example:
/// ```swift
/// let op = Operation.addItem(list: id, title: "Milk", listTitle: "Groceries")
/// let ack = try await session.perform(op)
/// ```
public struct Operation: Sendable {
    public let opID: String
    public let kind: String
    public let fields: [(String, JSONValue)]
    public let summary: String

    public init(kind: String, fields: [(String, JSONValue)], summary: String, opID: String = UUID().uuidString.lowercased()) {
        self.opID = opID
        self.kind = kind
        self.fields = fields
        self.summary = summary
    }

    /// The message's fields after `type` (`opId`, `op`, then the edit's own).
    public var messageFields: [(String, JSONValue)] {
        [("opId", .string(opID)), ("op", .string(kind))] + fields
    }

    /// The whole message as the offline queue stores it.
    public var message: JSONValue {
        .object(JSONObject([("type", .string("op"))] + messageFields))
    }
}
