/// An item with what is derived from its children, as readers see it.
public struct ItemView: Hashable, Sendable {
    public var item: Item
    /// Present only on items that have children.
    public var completion: Completion?

    public init(item: Item, completion: Completion?) {
        self.item = item
        self.completion = completion
    }
}
