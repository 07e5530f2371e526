/// Per-user limits that protect the server from one account filling it: checklists one user
/// may own, items one checklist may hold, and the bytes of event log one user's edits may
/// add. Nothing is ever deleted (cancel, not delete), so these bound what can only grow.
/// Past a limit an edit is refused with `tooLarge` and a message naming the limit.
public struct StoreLimits: Hashable, Sendable {
    public var listsPerUser: Int
    public var itemsPerList: Int
    public var storedBytesPerUser: Int

    /// Generous: a student with 5,000 checklists of 200,000 items is well inside them.
    public static let defaults = StoreLimits(listsPerUser: 10_000, itemsPerList: 10_000, storedBytesPerUser: 256 << 20)

    public init(listsPerUser: Int, itemsPerList: Int, storedBytesPerUser: Int) {
        self.listsPerUser = listsPerUser
        self.itemsPerList = itemsPerList
        self.storedBytesPerUser = storedBytesPerUser
    }
}
