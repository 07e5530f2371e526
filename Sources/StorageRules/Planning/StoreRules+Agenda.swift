public import ChecklistCore
public import ChecklistStore

/// `agenda`: open items due in a range over every checklist the user can read, from the
/// in-memory index of open dated items (`PlanningIndex`) rather than by loading every checklist.
extension StoreRules {
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
            // The index is built from the rows on first use: this batch's earlier edits must be in them.
            try flushPendingWrites()
            try preparePlanningIndex()
            let zone = try account(id: userID)?.timeZone ?? "UTC"
            // A UTC date-time can fall a day either side of the local one: take a day more, then filter.
            let upper = to.addingDays(2).startOfDayUTC.milliseconds
            var lines = AgendaLines(from: from, to: to, zone: zone)
            let readable = try readableSlots(of: userID)
            guard let index = planning else { return ([], []) }
            for slot in readable {
                guard let plan = index.plans[slot], plan.inAgenda else { continue }
                let listID = plan.listID
                // By index: a for-in loop would copy each entry (retaining its strings) once more.
                for position in plan.entries.indices {
                    guard plan.entries[position].dueKey < upper else { break }
                    // Under a parent, over children or in a sequential checklist: the checklist decides.
                    guard
                        let view = plan.isStandalone(plan.entries[position])
                            ? .standalone(plan.entries[position].item, checklistTimeZone: plan.timeZone, now: now)
                            : try state(listID)?.view(of: plan.entries[position].item.id, now: now)
                    else { continue }
                    lines.add(view, listID: listID, listTitle: plan.title, listZone: plan.timeZone)
                }
            }
            Self.sortByDue(&lines.items)
            Self.sortByDue(&lines.overdue)
            return (lines.items, lines.overdue)
        } catch {
            throw storeError(error)
        }
    }

    /// An agenda's lines as they are found: each item once per occurrence in the range, and
    /// in `overdue` when its next occurrence is before it.
    struct AgendaLines {
        let from: CivilDate
        let to: CivilDate
        /// The reader's zone, in which a moment falls on a day.
        let zone: String
        var items: [AgendaEntry] = []
        var overdue: [AgendaEntry] = []

        mutating func add(_ view: ItemView, listID: ListID, listTitle: String, listZone: String) {
            var current = view.item.due
            var first = true
            while let occurrence = current {
                let day = StoreRules.day(of: occurrence, zone: zone)
                if day > to { break }
                if day >= from || first {
                    var shown = view
                    shown.item.due = occurrence
                    let entry = AgendaEntry(listID: listID, listTitle: listTitle, item: shown)
                    if day < from { overdue.append(entry) } else { items.append(entry) }
                }
                first = false
                // A repeating item's occurrences fall in its checklist's zone.
                guard let rule = view.item.repeatRule, let start = view.item.repeatStart else { break }
                current = RepeatDue.next(after: occurrence, rule: rule, start: start, timeZone: listZone)
            }
        }
    }

    /// The day a due falls on for the reader: a date is its own day; a moment, its date in their zone.
    static func day(of due: Due, zone: String) -> CivilDate {
        switch due {
        case .date(let date): date
        case .dateTime(let instant): RepeatDue.localDate(of: instant, timeZone: zone)
        }
    }

    /// By due, then checklist title, item title and id.
    ///
    /// Sorts positions by a precomputed due, comparing the strings of tied entries in place,
    /// then moves the entries into that order by swapping. Why: sorting the entries themselves
    /// copied every (large) entry many times, and copying them into a new array retained and
    /// released every string of every entry (together a fifth of a week's agenda;
    /// docs/benchmarks.md).
    static func sortByDue(_ entries: inout [AgendaEntry]) {
        let dues = entries.map { $0.item.item.due!.sortKey.milliseconds }
        var order = Array(entries.indices)
        entries.withUnsafeBufferPointer { line in
            order.sort { a, b in
                if dues[a] != dues[b] { return dues[a] < dues[b] }
                if line[a].listTitle != line[b].listTitle { return line[a].listTitle < line[b].listTitle }
                if line[a].item.item.title != line[b].item.item.title {
                    return line[a].item.item.title < line[b].item.item.title
                }
                return line[a].item.item.id < line[b].item.item.id
            }
        }
        // Line `i` is to hold what is at `order[i]`; an earlier swap may have moved that entry
        // on, to the place its own `order` names.
        entries.withUnsafeMutableBufferPointer { line in
            for i in line.indices {
                var from = order[i]
                while from < i { from = order[from] }
                line.swapAt(i, from)
            }
        }
    }
}
