import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `habits LIST` and `checkin LIST ITEM`.
extension TerminalCommands {
    /// Days the sparkline covers.
    static let sparklineDays = 30

    /// Today's habits with the user's mark on each, everyone's streak, best and score, and a
    /// sparkline of the user's last 30 days (each day: the share of what was due that was done).
    public static func habits(list reference: String, server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let session = try await context.requireSession()
        let list = try await context.resolveList(reference)
        let (view, _) = try await context.view(of: list)
        guard view.isHabits else {
            throw ClientError.invalidInput("“\(list.title)” is not a habit checklist; `checkwire show` shows it")
        }
        let zone = view.summary.timeZone
        let today = RepeatDue.localDate(
            of: Timestamp(now), timeZone: zone)
        let from = today.addingDays(-(sparklineDays - 1))
        let reply = try await session.connection.request(
            .history(list: list.id, from: from, to: today, username: session.username),
            timeout: session.configuration.requestTimeout
        )
        let days: [ChecklistState.HistoryDay] = if case .history(let history) = reply.value { history.days } else { [] }
        if console.json {
            let habits = view.summary.raw["habits"]?.objectValue
            console.print(
                json: JSONOutput([
                    ("list", .string(list.id.rawValue)), ("today", .string(today.description)),
                    ("habits", habits.map(JSONValue.object) ?? .null),
                    ("items", .array(view.items.values.sorted { $0.title < $1.title }.map { .object($0.raw) })),
                    ("days", reply.message["days"] ?? .array([])),
                ]))
            return
        }
        let painter = console.painter
        console.print(painter.bold(list.title) + painter.dim("  · today \(today) (\(zone))"))
        let mine = Dictionary(
            days.filter { $0.date == today }.map { ($0.itemID.rawValue, $0.value) },
            uniquingKeysWith: { first, _ in first })
        for item in view.items.values.filter({ $0.status != .cancelled }).sorted(by: { $0.title < $1.title }) {
            let rule = item.repeatRule.flatMap { try? RepeatRule(parsing: $0) }
            // A habit's due is its first occurrence (habits move on by check-ins, not by completion).
            let dueToday =
                rule.flatMap { rule in
                    item.due.map { rule.isOccurrence(today, start: RepeatDue.localDate(of: $0, timeZone: zone)) }
                } ?? false
            let mark =
                switch mine[item.id.rawValue] {
                case "done": painter.green("[x]")
                case "skipped": painter.dim("[-]")
                default: dueToday ? "[ ]" : painter.dim(" · ")
                }
            console.print("  \(mark) \(item.title)" + painter.dim(rule.map { "  ↻ \($0.inWords)" } ?? ""))
        }
        console.print("")
        for (username, stats) in (view.summary.habits ?? [:]).sorted(by: { $0.key < $1.key }) {
            let score = Int((stats.score * 100).rounded())
            console.print(
                "  \(TextLayout.pad(username, to: 12)) streak \(stats.streak)  best \(stats.best)  score \(score)%  today \(stats.today.rawValue)"
            )
        }
        console.print(
            "  " + painter.dim("last \(sparklineDays) days ") + sparkline(days, from: from, count: sparklineDays))
    }

    /// One character per day: blank with nothing due, ▁…█ for the share of it done or skipped.
    static func sparkline(_ days: [ChecklistState.HistoryDay], from: CivilDate, count: Int) -> String {
        var due = [Int](repeating: 0, count: count)
        var kept = [Int](repeating: 0, count: count)
        for day in days {
            let index = day.date.daysSinceEpoch - from.daysSinceEpoch
            guard (0..<count).contains(index) else { continue }
            due[index] += 1
            if day.value != "missed" { kept[index] += 1 }
        }
        let bars = Array("▁▂▃▄▅▆▇█")
        return String(
            (0..<count).map { index in
                guard due[index] > 0 else { return " " }
                return bars[min(bars.count - 1, kept[index] * (bars.count - 1) / due[index])]
            })
    }

    /// Checks in on a habit for today (or `--date`): done, `--skip`, or `--undo`. The day is read
    /// by `DueInput` in the checklist's zone (`yesterday`, `last friday`, `2027-03-12`). A check-in
    /// that changes nothing (done twice, an undo with nothing to undo) says so instead of
    /// claiming success, and a day before the habit's first one says how to move its start.
    public static func checkIn(
        list reference: String, item itemReference: String, skip: Bool, undo: Bool, date: String?, server: String?,
        console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        let (view, _) = try await context.view(of: list)
        guard view.isHabits else {
            throw ClientError.invalidInput(
                "“\(list.title)” is not a habit checklist; tick its items with `checkwire done \"\(list.title)\" ITEM`")
        }
        let item = try context.resolveItem(itemReference, in: view) { $0.status != .cancelled }
        let zone = view.summary.timeZone
        let today = RepeatDue.localDate(of: Timestamp(now), timeZone: zone)
        let day = try date.map { try checkInDay($0, zone: zone, today: today) } ?? today
        let written = dates().due(.date(day))
        if let start = item.due.map({ RepeatDue.localDate(of: $0, timeZone: zone) }), day < start {
            throw ClientError.invalidInput(
                "“\(item.title)” starts on \(dates().due(.date(start))), so \(written) cannot be checked in. "
                    + "To enter earlier days, move its start first: checkwire edit \"\(list.title)\" \"\(item.title)\" --due \(day)"
            )
        }
        let value: CheckInValue? = undo ? nil : skip ? .skipped : .done
        var current: String?
        if let session = try await context.session() {
            current = try await checkIn(of: item.id, on: day, list: list.id, session: session)
            if current == value?.rawValue || (value == nil && current == nil) {
                let already =
                    value == nil
                    ? "Nothing to undo: “\(item.title)” has no check-in on \(written)."
                    : "Already \(value == .skipped ? "skipped" : "checked in"): “\(item.title)” on \(written)."
                if console.json {
                    return console.print(
                        json: JSONOutput([("ok", true), ("changed", false), ("message", .string(already))]))
                }
                return console.print(already)
            }
        }
        let operation = Operation.checkIn(
            list: list.id, item: item.id, date: day, value: value, itemTitle: item.title, listTitle: list.title)
        let sentence =
            undo
            ? "Undid the check-in of “\(item.title)” on \(written)"
            : skip ? "Skipped “\(item.title)” on \(written)" : "Checked in “\(item.title)” on \(written)"
        let before = current.flatMap(CheckInValue.init(rawValue:))
        try await submit(
            operation, context: context, console: console, done: sentence,
            undo: { _ in
                .checkIn(
                    list: list.id, item: item.id, date: day, value: before, itemTitle: item.title,
                    listTitle: list.title)
            })
    }

    /// `--date`: a day, not a time, and not after today in the checklist's zone.
    private static func checkInDay(_ text: String, zone: String, today: CivilDate) throws -> CivilDate {
        let reading = try DueInput.read(text, timeZone: TimeZone(identifier: zone) ?? .gmt, now: now)
        guard case .date(let day) = reading.due else {
            throw ClientError.invalidInput("--date takes a day (2027-03-12, today, yesterday, last friday), not a time")
        }
        guard day <= today else {
            throw ClientError.invalidInput(
                "--date “\(text)” is \(dates().due(.date(day))), after today; a past day is written "
                    + "“yesterday”, “last friday” or 2027-03-12")
        }
        return day
    }

    /// The user's check-in on `item` for `day` (`done`, `skipped`), or nil.
    private static func checkIn(of item: ItemID, on day: CivilDate, list: ListID, session: AuthenticatedSession)
        async throws -> String?
    {
        let reply = try await session.connection.request(
            .history(list: list, from: day, to: day, username: session.username),
            timeout: session.configuration.requestTimeout)
        guard case .history(let history) = reply.value else { return nil }
        let entry = history.days.first { $0.itemID == item && $0.date == day }
        return entry.flatMap { $0.value == "missed" ? nil : $0.value }
    }
}
