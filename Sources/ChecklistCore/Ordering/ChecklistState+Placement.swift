/// Where an item lands among its siblings, as a number between its neighbours.
///
/// Appending takes the last position + 1 and inserting takes the midpoint, so one edit
/// changes one item. When repeated inserts into one gap exhaust `Double` precision, the
/// siblings are renumbered 1, 2, 3 … and the event carries every item that moved.
struct Slot {
    var position: Double
    /// Siblings whose position must change to make room (rare).
    var renumbered: [ItemID: Double] = [:]
}

extension ChecklistState {
    func position(under parent: ItemID?, placement: Placement, moving moved: ItemID?) throws(DomainError) -> Slot {
        switch placement {
        case .last:
            // Appending is the common case: the last position, kept (`SiblingBounds`); a
            // moved item may be that last one itself, so a move scans the others.
            let last =
                moved == nil
                ? siblingBounds(under: parent)?.last : siblingPositions(under: parent, excluding: moved).max()
            return Slot(position: (last.map { $0.rounded(.down) } ?? 0) + 1)
        case .first:
            let first =
                moved == nil
                ? siblingBounds(under: parent)?.first : siblingPositions(under: parent, excluding: moved).min()
            return Slot(position: (first.map { $0.rounded(.up) } ?? 2) - 1)
        case .after(let anchorID):
            let siblings = children(of: parent).filter { $0.id != moved }
            guard let index = siblings.firstIndex(where: { $0.id == anchorID }) else {
                if anchorID == moved { throw .badRequest("an item cannot be placed after itself") }
                if items[anchorID] == nil { throw .itemNotFound(anchorID) }
                throw .badRequest("after must name a sibling under the same parent; \(anchorID) is not one")
            }
            let low = siblings[index].position
            guard index + 1 < siblings.count else { return Slot(position: low.rounded(.down) + 1) }
            let high = siblings[index + 1].position
            let middle = low + (high - low) / 2
            if middle > low, middle < high { return Slot(position: middle) }
            var renumbered: [ItemID: Double] = [:]
            for (offset, sibling) in siblings.enumerated() {
                let target = Double(offset < index + 1 ? offset + 1 : offset + 2)
                if sibling.position != target { renumbered[sibling.id] = target }
            }
            return Slot(position: Double(index + 2), renumbered: renumbered)
        }
    }

    private func siblingPositions(under parent: ItemID?, excluding moved: ItemID?) -> [Double] {
        siblingIDs(of: parent).compactMap { $0 == moved ? nil : items[$0]?.position }
    }

    mutating func applyRenumbering(_ renumbered: [ItemID: Double], recording recorder: inout EditRecorder) {
        for (id, position) in renumbered.sorted(by: { $0.key < $1.key }) {
            guard var item = items[id] else { continue }
            item.position = position
            replace(item)
            recorder.touch(id)
        }
    }
}
