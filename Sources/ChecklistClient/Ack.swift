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
    /// A quickAdd's reading of the text (its `parsed`), as sent.
    public let parsed: JSONValue?
    /// The whole reply, for `--json`.
    public let raw: JSONValue

    /// The reply to an `op`: an `ack`, or (from a server that answers otherwise) whatever it sent.
    public init(_ reply: Reply) {
        let ack: ServerMessage.Ack? = if case .ack(let ack) = reply.value { ack } else { nil }
        opID = ack?.opID ?? ""
        list = ack?.list
        seq = ack?.seq
        id = ack?.createdID
        parsed = ack?.parsed
        raw = reply.message
    }
}
