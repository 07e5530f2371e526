public import ChecklistCore

/// An event as a shared store's tail read it: committed by some server on the store (perhaps
/// this one), in no particular `seq` order, perhaps again. The hub's delivery order
/// (`FanOutOrder`) turns such a stream into each subscriber's gap-free, repeat-free run.
public struct CommittedEvent: Sendable {
    public var listID: ListID
    public var seq: Int64
    public var payload: [UInt8]

    public init(listID: ListID, seq: Int64, payload: [UInt8]) {
        self.listID = listID
        self.seq = seq
        self.payload = payload
    }
}

extension StoragePort {
    /// Only this server commits to the store: nothing to follow.
    public func followCommits(_ deliver: @escaping @Sendable ([CommittedEvent]) -> Void) {}
}
