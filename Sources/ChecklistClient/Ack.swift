public import ChecklistCore
public import WireProtocol

/// The server's acknowledgement of an edit: it is durable, as event `seq` of `list`.
public struct Ack: Sendable {
    public let opID: String
    public let list: ListID?
    public let seq: Int64?
    /// The new list's or item's id (`createList`, `addItem`, `quickAdd`). A `String`, not a
    /// `ListID` or `ItemID`: which kind it is depends on the op (see `AppliedEdit.createdID`).
    public let id: String?
    /// The whole reply, for `--json` and fields such as quickAdd's `parsed`.
    public let raw: JSONValue

    public init(_ reply: JSONValue) {
        opID = reply.string("opId") ?? ""
        list = reply.string("list").map(ListID.init)
        seq = reply["seq"]?.int64Value
        id = reply.string("id")
        raw = reply
    }
}
