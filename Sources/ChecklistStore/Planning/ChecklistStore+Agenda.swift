public import ChecklistCore
import GRDB

/// `agenda`: open items due in a range over every checklist the user can read, from an index
/// of open dated items rather than by loading every checklist.
extension ChecklistStore {
    /// The longest range one `agenda` may ask for.
    public static let agendaMaximumDays = 92

    /// Items due from `from` to `to` (days in the user's zone; a date-only due on its own day),
    /// repeating items once per occurrence in the range, ordered by due; and `overdue`: open
    /// items due before `from`. Cancelled checklists and habit checklists (whose items are
    /// check-ins, not tasks) are left out.
    public func agenda(for userID: UserID, from: CivilDate, to: CivilDate, now: Timestamp) throws(StoreError) -> (
        items: [AgendaEntry], overdue: [AgendaEntry]
    ) {
        do {
            // Rows of this batch's earlier edits are written at its end; the query must see them.
            try writeChangedRows()
            let zone = try account(id: userID)?.timeZone ?? "UTC"
            // A UTC date-time can fall a day either side of the local one: take a day more, then filter.
            let upper = to.addingDays(2).description
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: Self.agendaQuery), arguments: [upper, userID])
            var items: [AgendaEntry] = []
            var overdue: [AgendaEntry] = []
            while let row = try rows.next() {
                guard let planned = try plannedItem(row, now: now), let due = planned.view.item.due else { continue }
                let listID: ListID = row[RowCodec.itemColumnCount]
                let entry = { (due: Due) -> AgendaEntry in
                    var shown = planned.view
                    shown.item.due = due
                    return AgendaEntry(listID: listID, listTitle: planned.listTitle, item: shown)
                }
                var current: Due? = due
                var first = true
                while let occurrence = current {
                    let day = Self.day(of: occurrence, zone: zone)
                    if day > to { break }
                    if day < from {
                        if first { overdue.append(entry(occurrence)) }
                    } else {
                        items.append(entry(occurrence))
                    }
                    first = false
                    guard let rule = planned.view.item.repeatRule, let start = planned.view.item.repeatStart else {
                        break
                    }
                    current = RepeatDue.next(after: occurrence, rule: rule, start: start, timeZone: planned.listZone)
                }
            }
            return (Self.sortedByDue(items), Self.sortedByDue(overdue))
        } catch {
            throw storeError(error)
        }
    }

    /// The readable open dated items due before a day (`?` 1) of a user (`?` 2): each item's
    /// columns, then `plannedChecklistColumns`.
    ///
    /// `INDEXED BY`: the open-and-dated index is what makes this fast; the plan must not
    /// drift (a query SQLite cannot run on it fails instead).
    static let agendaQuery = """
        SELECT \(RowCodec.itemColumns(of: "i.")), \(plannedChecklistColumns)
        FROM participants p
        JOIN lists l ON l.id = p.list_id
        JOIN items i INDEXED BY items_open_due
            ON i.list_id = p.list_id AND i.status = 'open' AND i.due IS NOT NULL AND i.due < ?
        WHERE p.user_id = ? AND l.status != 'cancelled' AND l.kind != 'habits'
        """

    /// The day a due falls on for the reader: a date is its own day; a moment, its date in their zone.
    static func day(of due: Due, zone: String) -> CivilDate {
        switch due {
        case .date(let date): date
        case .dateTime(let instant): RepeatDue.localDate(of: instant, timeZone: zone)
        }
    }

    /// By due, then checklist title, item title and id. Sorts positions by a precomputed due
    /// and moves each entry once: sorting the entries themselves copied every (large) entry
    /// many times and built tuples of strings per comparison — 17 % of a week's agenda.
    static func sortedByDue(_ entries: [AgendaEntry]) -> [AgendaEntry] {
        let dues = entries.map { $0.item.item.due!.sortKey.milliseconds }
        let order = entries.indices.sorted { a, b in
            if dues[a] != dues[b] { return dues[a] < dues[b] }
            let x = entries[a], y = entries[b]
            return (x.listTitle, x.item.item.title, x.item.item.id) < (y.listTitle, y.item.item.title, y.item.item.id)
        }
        return order.map { entries[$0] }
    }
}
