/// Progress over the leaves (items with no children) that are not cancelled.
///
/// `percent` is ⌊100 · done / total⌋ and 0 when there is nothing to do, as the contract says.
public struct Completion: Hashable, Sendable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    public static let empty = Completion(done: 0, total: 0)

    public var percent: Int { total == 0 ? 0 : (100 * done) / total }

    /// What an item with no children counts for: nothing when cancelled, else one to do.
    static func leaf(_ status: ItemStatus) -> Completion {
        status == .cancelled ? .empty : Completion(done: status == .done ? 1 : 0, total: 1)
    }

    static func + (lhs: Completion, rhs: Completion) -> Completion {
        Completion(done: lhs.done + rhs.done, total: lhs.total + rhs.total)
    }

    static func - (lhs: Completion, rhs: Completion) -> Completion {
        Completion(done: lhs.done - rhs.done, total: lhs.total - rhs.total)
    }
}
