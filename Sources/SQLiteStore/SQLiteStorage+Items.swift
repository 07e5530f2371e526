public import ChecklistCore
public import ChecklistStore
import GRDB

/// Items read across checklists: the planning index's build, the scheduler's start, a
/// calendar feed's dated items.
extension SQLiteStorage {
    public func scanItems(
        _ selection: ItemSelection, checklist: (Checklist) -> Void, item: (ScannedItem) -> Void
    ) throws(StorageFailure) {
        try guarded {
            let extra = RowCodec.itemColumnCount
            switch selection {
            case .openAndDated:
                let lists = try Row.fetchCursor(db, sql: Self.plannedListsQuery)
                while let row = try lists.next() { checklist(RowCodec.checklist(row)) }
                let items = try Row.fetchCursor(db, sql: Self.plannedItemsQuery)
                while let row = try items.next() {
                    guard let scanned = RowCodec.item(row) else { continue }
                    item(
                        ScannedItem(
                            listID: row[extra], item: scanned, hasChildren: row[extra + 1], revision: 0, modifiedAt: nil
                        ))
                }
            case .reminding:
                let lists = try Row.fetchCursor(db, sql: Self.remindingListsQuery)
                while let row = try lists.next() { checklist(RowCodec.checklist(row)) }
                let items = try Row.fetchCursor(db, sql: Self.remindingItemsQuery)
                while let row = try items.next() {
                    guard let scanned = RowCodec.item(row) else { continue }
                    item(
                        ScannedItem(listID: row[extra], item: scanned, hasChildren: false, revision: 0, modifiedAt: nil)
                    )
                }
            case .dated(let listID):
                let items = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: """
                            SELECT \(RowCodec.itemColumns()), revision, modified_at FROM items
                            WHERE list_id = ? AND due IS NOT NULL
                            """), arguments: [listID])
                while let row = try items.next() {
                    guard let scanned = RowCodec.item(row) else { continue }
                    item(
                        ScannedItem(
                            listID: listID, item: scanned, hasChildren: false, revision: row[extra],
                            modifiedAt: RowCodec.timestamp(row[extra + 1])))
                }
            }
        }
    }

    /// Every checklist with an open dated item.
    static let plannedListsQuery = """
        SELECT \(RowCodec.listColumns(of: "l.")) FROM lists l WHERE EXISTS (
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

    /// What makes an open item remind (the partial index `items_with_reminders`).
    private static let reminds =
        "i.status = 'open' AND (i.remind_every IS NOT NULL OR (i.remind_before IS NOT NULL AND i.due IS NOT NULL))"

    /// Every checklist with an item that reminds.
    static let remindingListsQuery =
        """
        SELECT \(RowCodec.listColumns(of: "l.")) FROM lists l
        WHERE EXISTS (SELECT 1 FROM items i WHERE i.list_id = l.id AND \(reminds))
        """

    /// Every item that reminds, and its checklist.
    static let remindingItemsQuery = "SELECT \(RowCodec.itemColumns(of: "i.")), i.list_id FROM items i WHERE \(reminds)"
}
