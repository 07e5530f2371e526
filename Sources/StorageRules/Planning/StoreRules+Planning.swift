import ChecklistCore
public import ChecklistStore

/// Building the planning index (`PlanningIndex`) from the rows, and reading who reads what.
/// It is kept up to date by `flushPendingWrites`, and dropped by `rollBackBatch`.
extension StoreRules {
    /// Builds the planning index now, if there is none, and says how many items it holds.
    /// The server asks for it as its first job, so that the build (2.4 s for 200,000 open
    /// dated items; docs/benchmarks.md) happens at start rather than in the first `agenda`.
    public func preparePlanning() throws(StoreError) -> Int {
        do {
            try flushPendingWrites()
            try preparePlanningIndex()
            return planning?.plans.reduce(0) { $0 + ($1?.entries.count ?? 0) } ?? 0
        } catch {
            throw storeError(error)
        }
    }

    /// Builds the index from the rows if there is none. The batch's own changes must be
    /// written first (`flushPendingWrites`), since the build reads the rows.
    ///
    /// Costs one pass over the open dated items: measured in docs/benchmarks.md for the first
    /// `agenda` after a start.
    func preparePlanningIndex() throws(StorageFailure) {
        guard planning == nil else { return }
        var index = PlanningIndex()
        var lists: [ListID: Checklist] = [:]
        try port.scanItems(
            .openAndDated, checklist: { lists[$0.id] = $0 },
            item: { scanned in
                guard let list = lists[scanned.listID] else { return }
                index.add(scanned.item, hasChildren: scanned.hasChildren, in: list)
            })
        planning = index
    }

    /// The slots (`PlanningIndex.slot`) of the checklists a user takes part in (any role
    /// reads), held by the index once asked for.
    func readableSlots(of userID: UserID) throws(StorageFailure) -> Set<Int> {
        if let known = planning?.readable[userID] { return known }
        guard planning != nil else { return [] }
        var slots = Set<Int>()
        for membership in try port.memberships(of: userID) { slots.insert(planning!.slot(of: membership.listID)) }
        planning!.readable[userID] = slots
        return slots
    }
}
