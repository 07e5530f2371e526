public import ChecklistCore

/// An event as a shared store's tail read it: committed by some server on the store (perhaps
/// this one), in no particular `seq` order, perhaps again. The hub's delivery order
/// (`FanOutOrder`) turns such a stream into each subscriber's gap-free, repeat-free run.
public struct CommittedEvent: Sendable {
    public var listID: ListID
    public var seq: Int64
    public var payload: [UInt8]
    /// The user the event's `unshare` removed (told `revoked` in the event's place).
    public var revokedUserID: UserID?
    /// The user its `share` added or changed, and their `listShared`.
    public var shared: SharedNotice?

    public init(
        listID: ListID, seq: Int64, payload: [UInt8], revokedUserID: UserID? = nil, shared: SharedNotice? = nil
    ) {
        self.listID = listID
        self.seq = seq
        self.payload = payload
        self.revokedUserID = revokedUserID
        self.shared = shared
    }
}

extension StoragePort {
    /// Only this server commits to the store: nothing to follow.
    public func followCommits(_ follower: CommitFollower) {}
}
