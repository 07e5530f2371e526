/// An item with what is derived from its children, as readers see it.
public struct ItemView: Hashable, Sendable {
    public var item: Item
    /// Present only on items that have children.
    public var completion: Completion?
    /// Whether it may be completed now (sequential parents, `availableFrom`); `true` unless
    /// something holds it back.
    public var available: Bool

    public init(item: Item, completion: Completion?, available: Bool = true) {
        self.item = item
        self.completion = completion
        self.available = available
    }
}
