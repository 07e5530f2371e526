import ChecklistCore
import GRDB

/// Search hits read from their rows, so that a search does not load each hit's whole
/// checklist to show one item of it. (`agenda` reads the in-memory `PlanningIndex` instead,
/// and builds standalone items the same way.)
///
/// Why: an item with no parent and no children, in a checklist that is not sequential,
/// "stands alone": its view needs nothing but its row (`ItemView.standalone`). A search right
/// after a start loaded the checklist of every hit (before 0.10.0). Other items still take their
/// view from their checklist, loaded if need be, which decides completion and availability.
extension ChecklistStore {
    /// What a planning query selects beside `RowCodec.itemColumns(of: "i.")`, from the items
    /// table `i` and its checklist `l`: the checklist's id, title, zone and status, and
    /// whether the item stands alone (the `items_children` index answers "no children").
    static let plannedChecklistColumns = """
        l.id, l.title, l.tz, l.status,
            l.sequential = 0 AND i.parent IS NULL AND NOT EXISTS (
                SELECT 1 FROM items c INDEXED BY items_children WHERE c.list_id = i.list_id AND c.parent = i.id)
        """

    /// An item as a reader sees it, with its checklist's title and zone (in which a repeating
    /// item's occurrences fall).
    struct PlannedItem {
        var view: ItemView
        var listTitle: String
        var listZone: String
    }

    /// The view of the item in a row that starts with `itemColumns` and goes on with
    /// `plannedChecklistColumns`; `nil` when the row holds no item or the item is gone.
    func plannedItem(_ row: Row, now: Timestamp) throws -> PlannedItem? {
        let extra = RowCodec.itemColumnCount
        guard !row.hasNull(atIndex: 0), let item = RowCodec.item(row) else { return nil }
        if row[extra + 4] as Bool {
            let zone: String = row[extra + 2] ?? "UTC"
            return PlannedItem(
                view: .standalone(item, checklistTimeZone: zone, now: now), listTitle: row[extra + 1], listZone: zone)
        }
        // Under a parent, over children or in a sequential checklist: the checklist decides.
        guard let state = try state(row[extra]), let view = state.view(of: item.id, now: now) else { return nil }
        return PlannedItem(view: view, listTitle: state.list.title, listZone: state.list.timeZone)
    }
}
