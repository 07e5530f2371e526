import ChecklistCore
import GRDB

/// Building the planning index (`PlanningIndex`) from the rows, and reading who reads what.
/// It is kept up to date by `writeChangedRows` and `persist`, and dropped by `rollBackBatch`.
extension ChecklistStore {
    /// Builds the planning index now, if there is none, and says how many items it holds.
    /// The server asks for it as its first job, so that the build (2.4 s for 200,000 open
    /// dated items; docs/benchmarks.md) happens at start rather than in the first `agenda`.
    public func preparePlanning() throws(StoreError) -> Int {
        do {
            try writeChangedRows()
            try preparePlanningIndex()
            return planning?.plans.reduce(0) { $0 + ($1?.entries.count ?? 0) } ?? 0
        } catch {
            throw storeError(error)
        }
    }

    /// Builds the index from the rows if there is none. The batch's own changes must be
    /// written first (`writeChangedRows`), since the build reads the tables.
    ///
    /// Costs one pass over the open-and-dated index: measured in docs/benchmarks.md for the
    /// first `agenda` after a start.
    func preparePlanningIndex() throws {
        guard planning == nil else { return }
        var index = PlanningIndex()
        var lists: [ListID: Checklist] = [:]
        let listRows = try Row.fetchCursor(db, sql: Self.plannedListsQuery)
        while let row = try listRows.next() {
            let list = RowCodec.checklist(row)
            lists[list.id] = list
        }
        let extra = RowCodec.itemColumnCount
        let itemRows = try Row.fetchCursor(db, sql: Self.plannedItemsQuery)
        while let row = try itemRows.next() {
            guard let list = lists[row[extra]], let item = RowCodec.item(row) else { continue }
            index.add(item, hasChildren: row[extra + 1], in: list)
        }
        planning = index
        try catchUpDocumentSlots()
    }

    /// The slots (`PlanningIndex.slot`) of the checklists a user takes part in (any role
    /// reads), held by the index once asked for.
    func readableSlots(of userID: UserID) throws -> Set<Int> {
        if let known = planning?.readable[userID] { return known }
        guard planning != nil else { return [] }
        var slots = Set<Int>()
        let ids = try ListID.fetchCursor(
            db.cachedStatement(sql: "SELECT list_id FROM participants WHERE user_id = ?"), arguments: [userID])
        while let id = try ids.next() { slots.insert(planning!.slot(of: id)) }
        planning!.readable[userID] = slots
        return slots
    }

    /// Learns which checklist each search document added since the last call is in.
    ///
    /// Documents get increasing rowids and are never deleted, so the ones the index has not
    /// seen are those past the last it has: at start that is every document (about 0.2 s for
    /// 205,000), after that the few an edit added. They are this batch's rows too: a batch
    /// that cannot commit drops the whole index.
    func catchUpDocumentSlots() throws {
        guard planning != nil else { return }
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT rowid, list_id FROM search_docs WHERE rowid >= ? ORDER BY rowid"),
            arguments: [planning!.documentSlots.count])
        while let row = try rows.next() { planning!.document(row[0], in: row[1]) }
    }

    /// Every checklist with an open dated item.
    static let plannedListsQuery = """
        SELECT * FROM lists l WHERE EXISTS (
            SELECT 1 FROM items i INDEXED BY items_open_due
            WHERE i.list_id = l.id AND i.status = 'open' AND i.due IS NOT NULL)
        """

    /// Every open dated item: its columns, its checklist and whether it has children.
    static let plannedItemsQuery = """
        SELECT \(RowCodec.itemColumns(of: "i.")), i.list_id, EXISTS (
            SELECT 1 FROM items c INDEXED BY items_children WHERE c.list_id = i.list_id AND c.parent = i.id)
        FROM items i INDEXED BY items_open_due
        WHERE i.status = 'open' AND i.due IS NOT NULL
        """
}
