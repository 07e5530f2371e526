/// What may be completed now: under a sequential parent (or a sequential checklist, at the
/// root) only the first open child, and nothing before its `availableFrom`. An item under an
/// unavailable parent is unavailable too, so a course unlocks part by part.
extension ChecklistState {
    /// Why the open item `id` cannot be completed at `now`, in words that say what must
    /// happen first; `nil` when it can (and for items that are not open).
    public func unavailability(of id: ItemID, now: Timestamp) -> String? {
        guard let item = items[id], item.status == .open else { return nil }
        if let from = item.availableFrom, !hasArrived(from, now: now) {
            return "“\(item.title)” is not available until \(from)"
        }
        let sequential = item.parent.map { items[$0]?.sequential ?? false } ?? list.sequential
        if sequential, let first = children(of: item.parent).first(where: { $0.status == .open }), first.id != id {
            return "“\(item.title)” is not available yet: complete “\(first.title)” first"
        }
        if let parent = item.parent { return unavailability(of: parent, now: now) }
        return nil
    }

    /// A date has arrived once its day has begun in the checklist's zone; a moment once reached.
    func hasArrived(_ due: Due, now: Timestamp) -> Bool {
        switch due {
        case .date(let date): return RepeatDue.localDate(of: now, timeZone: list.timeZone) >= date
        case .dateTime(let instant): return now >= instant
        }
    }

    /// The ids whose availability an edit of `touched` may have changed: the children of
    /// sequential parents among them and their siblings, and everything below a touched item.
    func availabilityNeighbours(of touched: [ItemID]) -> [ItemID] {
        var result: [ItemID] = []
        for id in touched {
            let parent = items[id]?.parent
            if parent.map({ items[$0]?.sequential ?? false }) ?? list.sequential { result += siblingIDs(of: parent) }
            if items[id]?.sequential == true || items[id]?.availableFrom != nil { result += descendants(of: id) }
        }
        return result
    }
}
