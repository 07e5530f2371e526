public import ChecklistCore
public import ChecklistStore

/// Items read across checklists: the planning index's build, the scheduler's start, a
/// calendar feed's dated items.
extension PostgresStorage {
    public func scanItems(
        _ selection: ItemSelection, checklist: (Checklist) -> Void, item: (ScannedItem) -> Void
    ) throws(StorageFailure) {
        let extra = PostgresRows.itemColumnCount
        let lists =
            "SELECT \(PostgresRows.listColumns) FROM lists l WHERE EXISTS (SELECT 1 FROM items i WHERE i.list_id = l.id AND "
        switch selection {
        case .openAndDated:
            let dated = "i.status = 'open' AND i.due IS NOT NULL"
            for row in try link.query(lists + dated + ")") { checklist(PostgresRows.checklist(row)) }
            let rows = try link.query(
                """
                SELECT \(PostgresRows.itemColumns(of: "i.")), i.list_id, EXISTS (
                    SELECT 1 FROM items c WHERE c.list_id = i.list_id AND c.parent = i.id)
                FROM items i WHERE \(dated)
                """)
            for row in rows {
                guard let scanned = PostgresRows.item(row) else { continue }
                item(
                    ScannedItem(
                        listID: row.id(extra), item: scanned, hasChildren: row.bool(extra + 1), revision: 0,
                        modifiedAt: nil))
            }
        case .reminding:
            let reminds =
                "i.status = 'open' AND (i.remind_every IS NOT NULL OR (i.remind_before IS NOT NULL AND i.due IS NOT NULL))"
            for row in try link.query(lists + reminds + ")") { checklist(PostgresRows.checklist(row)) }
            for row in try link.query(
                "SELECT \(PostgresRows.itemColumns(of: "i.")), i.list_id FROM items i WHERE \(reminds)")
            {
                guard let scanned = PostgresRows.item(row) else { continue }
                item(
                    ScannedItem(listID: row.id(extra), item: scanned, hasChildren: false, revision: 0, modifiedAt: nil))
            }
        case .dated(let listID):
            let rows = try link.query(
                "SELECT \(PostgresRows.itemColumns()), revision, modified_at FROM items WHERE list_id = $1 AND due IS NOT NULL",
                [.id(listID)])
            for row in rows {
                guard let scanned = PostgresRows.item(row) else { continue }
                item(
                    ScannedItem(
                        listID: listID, item: scanned, hasChildren: false, revision: Int(row.int64(extra)),
                        modifiedAt: row.time(extra + 1)))
            }
        }
    }
}
