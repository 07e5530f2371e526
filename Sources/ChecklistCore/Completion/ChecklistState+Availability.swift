/// What may be completed now: under a sequential parent (or a sequential checklist, at the
/// root) only the first open child, and nothing before its `availableFrom`. An item under an
/// unavailable parent is unavailable too, so a course unlocks part by part.
extension ChecklistState {
    /// Why the open item `id` cannot be completed at `now`, in words that say what must
    /// happen first; `nil` when it can (and for items that are not open).
    public func unavailability(of id: ItemID, now: Timestamp) -> String? {
        guard let item = items[id], item.status == .open else { return nil }
        if let notYet = Self.ownUnavailability(of: item, timeZone: list.timeZone, now: now) { return notYet }
        let sequential = item.parent.map { items[$0]?.sequential ?? false } ?? list.sequential
        if sequential, let first = children(of: item.parent).first(where: { $0.status == .open }), first.id != id {
            return "“\(item.title)” is not available yet: complete “\(first.title)” first"
        }
        if let parent = item.parent { return unavailability(of: parent, now: now) }
        return nil
    }

    /// What holds an item back by itself, whatever its checklist: an `availableFrom` that has
    /// not arrived in the checklist's zone (`timeZone`).
    static func ownUnavailability(of item: Item, timeZone: String, now: Timestamp) -> String? {
        guard item.status == .open, let from = item.availableFrom, !hasArrived(from, now: now, timeZone: timeZone)
        else { return nil }
        return "“\(item.title)” is not available until \(from)"
    }

    /// A date has arrived once its day has begun in the checklist's zone; a moment once reached.
    static func hasArrived(_ due: Due, now: Timestamp, timeZone: String) -> Bool {
        switch due {
        case .date(let date): return RepeatDue.localDate(of: now, timeZone: timeZone) >= date
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

extension ItemView {
    /// The view of an item with no parent and no children in a checklist that is not
    /// sequential: what `ChecklistState.view(of:now:)` gives for it, from the item alone.
    ///
    /// Why: `agenda` reads thousands of items from the checklists' rows; loading each whole
    /// checklist to learn that nothing around such an item holds it back cost half of a week's
    /// agenda over 5,000 checklists that were not in memory (measured for 0.10.0).
    public static func standalone(_ item: Item, checklistTimeZone: String, now: Timestamp) -> ItemView {
        ItemView(
            item: item, completion: nil,
            available: ChecklistState.ownUnavailability(of: item, timeZone: checklistTimeZone, now: now) == nil)
    }
}
