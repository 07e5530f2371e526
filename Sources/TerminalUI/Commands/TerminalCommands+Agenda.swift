import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `today` and `agenda`: what is due across every checklist, grouped by day.
extension TerminalCommands {
    /// Which days `agenda` covers and which items it keeps.
    public struct AgendaRange: Sendable {
        /// `--days`: from today, this many days.
        public var days: Int
        /// `--from` / `--to`, read like `--due` (`monday`, `next friday`, `2027-03-12`).
        public var from: String?
        public var to: String?
        /// `--mine`: only items assigned to me.
        public var mine: Bool
        /// `--list`: only these checklists (names, id prefixes or ids).
        public var lists: [String]

        public init(days: Int, from: String? = nil, to: String? = nil, mine: Bool = false, lists: [String] = []) {
            self.days = days
            self.from = from
            self.to = to
            self.mine = mine
            self.lists = lists
        }
    }

    /// Overdue items, then the items due in the range, by day, with everything set on each.
    ///
    /// `--json`: `{"from":DATE,"to":DATE,"overdue":[ENTRY],"items":[ENTRY]}`, ENTRY
    /// `{"list":ID,"listTitle":T,"item":ITEM}` (the same in `search`), after the filters.
    public static func agenda(_ range: AgendaRange, server: String?, console: Console) async throws {
        guard (1...92).contains(range.days) else { throw ClientError.invalidInput("--days must be from 1 to 92") }
        let zone = LocalTimeZone.identifier()
        let today = RepeatDue.localDate(of: Timestamp(now), timeZone: zone)
        let from = try range.from.map(day) ?? today
        let to = try range.to.map(day) ?? from.addingDays(range.days - 1)
        guard from <= to, to.daysSinceEpoch - from.daysSinceEpoch < 92 else {
            throw ClientError.invalidInput("--from must come before --to, at most 92 days apart")
        }
        let context = try context(server: server)
        defer { context.close() }
        let session = try await context.requireSession()
        reportFlush(context, console)
        var filter = ItemFilter(assignee: range.mine ? session.username : nil)
        if !range.lists.isEmpty {
            filter.lists = Set(try await range.lists.asyncMap { try await context.resolveList($0).id })
        }
        let reply = try await session.connection.request(
            .agenda(from: from, to: to), timeout: session.configuration.requestTimeout)
        guard case .agenda(let agenda) = reply.value else { throw ClientError.unexpectedReply("not an agenda") }
        let keep = { (entry: ServerMessage.Agenda.Entry) in filter.keeps(entry.item, list: entry.list, zone: zone) }
        let overdue = agenda.overdue.filter(keep)
        let items = agenda.items.filter(keep)
        if console.json {
            return console.print(
                json: JSONOutput([
                    ("from", .string(from.description)), ("to", .string(to.description)),
                    ("overdue", .array(overdue.map(\.raw))), ("items", .array(items.map(\.raw))),
                ]))
        }
        printAgenda(overdue: overdue, items: items, today: today, zone: zone, days: range.days, console: console)
    }

    /// A day typed after `--from`/`--to`, read as `--due` is.
    private static func day(_ text: String) throws -> CivilDate {
        let due = try DueInput.due(text, timeZone: timeZone, now: now)
        return RepeatDue.localDate(of: due, timeZone: LocalTimeZone.identifier())
    }

    private static func printAgenda(
        overdue: [ServerMessage.Agenda.Entry], items: [ServerMessage.Agenda.Entry], today: CivilDate, zone: String,
        days: Int, console: Console
    ) {
        let dates = dates()
        let painter = console.painter
        if overdue.isEmpty && items.isEmpty {
            return console.print("Nothing due \(days == 1 ? "today" : "in these \(days) days").")
        }
        if !overdue.isEmpty {
            console.print(painter.red(painter.bold("Overdue")))
            for entry in overdue { console.print(line(entry, dates: dates, painter: painter)) }
        }
        var lastDay: CivilDate?
        for entry in items {
            let day = entry.item.due.map { RepeatDue.localDate(of: $0, timeZone: zone) }
            if day != lastDay, let day {
                lastDay = day
                console.print(painter.bold(day == today ? "Today" : dates.due(.date(day))))
            }
            console.print(line(entry, dates: dates, painter: painter))
        }
    }

    /// "  [ ] Homework 2 — CS 298  due Fri 17:00 (overdue)  ⏰ 1h before  → bob": an item
    /// due earlier today is marked overdue like any other past due.
    private static func line(_ entry: ServerMessage.Agenda.Entry, dates: DateText, painter: Painter) -> String {
        let item = entry.item
        let renderer = ChecklistRenderer(painter: painter, dates: dates, width: 0)
        var details = renderer.details(item)
        // The day heading already says the date; a date-only due adds nothing.
        if case .date = item.due, !dates.isOverdue(item.due!) { details.removeFirst() }
        return (["  [ ] \(item.title)" + painter.dim("  — \(entry.listTitle)")] + details)
            .joined(separator: "  ")
    }
}

extension Array {
    /// `map` with an async transform, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        results.reserveCapacity(count)
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
