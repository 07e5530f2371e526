import ChecklistCore
public import WireProtocol

/// One edit to send: an `op` request with a fresh `opId`, and a sentence saying what it does
/// (shown when it is queued offline and in `checkwire status`).
///
/// The edit is the same `OperationRequest` the server decodes, so what the terminal sends
/// and what the server reads are one type.
///
/// For example:
/// ```swift
/// let op = Operation.addItem(list: id, title: "Milk", listTitle: "Groceries")
/// let ack = try await session.perform(op)
/// ```
public struct Operation: Sendable {
    public let opID: String
    public let request: OperationRequest
    public let summary: String

    public init(_ request: OperationRequest, summary: String, opID: String = NewOpID.make()) {
        self.opID = opID
        self.request = request
        self.summary = summary
    }

    /// The `op` request as sent (its `ref` is chosen by the connection).
    public var body: Request.Body { .op(opID: opID, request) }

    /// The op's wire name (`addItem`, `completeList`, …).
    public var kind: String {
        switch request {
        case .createList: "createList"
        case .edit(_, let edit): edit.kind
        case .share: "share"
        case .unshare: "unshare"
        case .quickAdd: "quickAdd"
        }
    }
}
