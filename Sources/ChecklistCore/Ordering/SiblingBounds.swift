/// The first and last position among each parent's children, so that placing an item first
/// or last reads one number instead of scanning every sibling.
///
/// Why: `addItem` appends, and the scan made each append cost O(siblings). Importing 9,000
/// items into one checklist fell from 3,071 to 582 adds/s as it grew, three quarters of the
/// store thread in that scan and its hashing (`perf record`, release build).
///
/// A cache, not part of the state's value: two states holding the same items are equal
/// whatever it holds. It is filled for a parent when an item is inserted under it, widened
/// by later inserts, and dropped for a parent whose children move or are renumbered (rare:
/// the next insert fills it again).
struct SiblingBounds: Hashable, Sendable {
    struct Bounds: Hashable, Sendable {
        var first: Double
        var last: Double
    }

    private var byParent: [ItemID?: Bounds] = [:]

    subscript(parent: ItemID?) -> Bounds? {
        get { byParent[parent] }
        set { byParent[parent] = newValue }
    }

    static func == (lhs: SiblingBounds, rhs: SiblingBounds) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension ChecklistState {
    /// The first and last position under `parent`, from the cache or by a scan.
    func siblingBounds(under parent: ItemID?) -> SiblingBounds.Bounds? {
        siblingBoundsCache[parent] ?? scanSiblingBounds(under: parent)
    }

    /// Keeps the cache true after `item` was inserted.
    mutating func boundsInserted(_ item: Item) {
        guard var bounds = siblingBoundsCache[item.parent] else {
            siblingBoundsCache[item.parent] = scanSiblingBounds(under: item.parent)
            return
        }
        bounds.first = min(bounds.first, item.position)
        bounds.last = max(bounds.last, item.position)
        siblingBoundsCache[item.parent] = bounds
    }

    /// Keeps the cache true after `old` became `item`: a move or a new position drops the
    /// parents involved.
    mutating func boundsReplaced(_ old: Item, with item: Item) {
        guard old.parent != item.parent || old.position != item.position else { return }
        siblingBoundsCache[old.parent] = nil
        siblingBoundsCache[item.parent] = nil
    }

    private func scanSiblingBounds(under parent: ItemID?) -> SiblingBounds.Bounds? {
        var bounds: SiblingBounds.Bounds?
        for id in siblingIDs(of: parent) {
            guard let position = items[id]?.position else { continue }
            if let found = bounds {
                bounds = .init(first: min(found.first, position), last: max(found.last, position))
            } else {
                bounds = .init(first: position, last: position)
            }
        }
        return bounds
    }
}
