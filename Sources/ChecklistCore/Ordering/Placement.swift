/// Where a new or moved item goes among its siblings.
public enum Placement: Hashable, Sendable {
    /// Last among its siblings (no `after` on the wire).
    case last
    /// First among its siblings (`"after": null`).
    case first
    /// Right after this sibling.
    case after(ItemID)
}
