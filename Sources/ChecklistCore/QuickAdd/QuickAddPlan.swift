public import Foundation

/// Turns what quick add understood into an `addItem`: the checklist it names, the section
/// (a top-level item of that title) to file it under, and a due value in the contract's form.
///
/// Pure: the caller supplies the user's checklists, the new item's id and the time zone.
public enum QuickAddPlan {
    /// The checklist the text names, else `fallback`; among checklists sharing a title, an
    /// active one the user may edit wins.
    public static func targetList(
        named name: String?, fallback: ListID?, candidates: [(state: ChecklistState, role: Role)]
    ) throws(DomainError) -> ListID {
        if let name {
            let named = candidates.filter { $0.state.list.title == name }
            let best = named.min { rank($0) < rank($1) }
            if let best { return best.state.list.id }
        }
        if let fallback { return fallback }
        let titles = candidates.map(\.state.list.title).sorted()
        let known =
            titles.isEmpty
            ? "you have no checklists yet; create one first" : "your checklists are: " + titles.joined(separator: ", ")
        throw .badRequest("the text names none of your checklists and no \"list\" was given; \(known)")
    }

    /// The item to add for `result` in `state`.
    public static func newItem(
        _ result: QuickAddResult, id: ItemID, in state: ChecklistState, timeZone: TimeZone
    ) throws(DomainError) -> Edit.NewItem {
        let title = result.title
        guard !title.isEmpty else { throw .badRequest("quick add found no title in the text") }
        guard title.count <= Limits.title else {
            throw .badRequest("the title is \(title.count) characters long; at most \(Limits.title) are allowed")
        }
        let section = result.section.flatMap { name in
            state.children(of: nil).first { $0.status != .cancelled && $0.title.lowercased() == name.lowercased() }
        }
        return Edit.NewItem(
            id: id, parent: section?.id, title: title, due: due(result.date, result.time, timeZone: timeZone),
            location: result.location.map { String($0.prefix(Limits.location)) }, remindEvery: result.remindEvery,
            remindBefore: result.remindBefore, repeatRule: result.repeatRule
        )
    }

    /// A date alone is an all-day due; a date and a local time become the UTC instant.
    public static func due(_ date: QuickAddDate?, _ time: QuickAddTime?, timeZone: TimeZone) -> Due? {
        guard let date, let civil = CivilDate(year: date.year, month: date.month, day: date.day) else { return nil }
        guard let time else { return .date(civil) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute)
        guard let instant = calendar.date(from: components) else { return .date(civil) }
        return .dateTime(Timestamp(milliseconds: Int64((instant.timeIntervalSince1970 * 1000).rounded())))
    }

    private static func rank(_ candidate: (state: ChecklistState, role: Role)) -> Int {
        (candidate.state.list.status == .active ? 0 : 2) + (candidate.role.mayEditItems ? 0 : 1)
    }
}
