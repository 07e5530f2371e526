import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `today` and `agenda`: what is due across every checklist, grouped by day.
extension TerminalCommands {
    /// Overdue items, then the items due from today through `days − 1` days ahead, by day.
    public static func agenda(days: Int, server: String?, console: Console) async throws {
        guard (1...92).contains(days) else { throw ClientError.invalidInput("--days must be from 1 to 92") }
        let context = try context(server: server)
        defer { context.close() }
        let session = try await context.requireSession()
        let zone = LocalTimeZone.identifier()
        let today = RepeatDue.localDate(
            of: Timestamp(now), timeZone: zone)
        let reply = try await session.connection.request(
            .agenda(from: today, to: today.addingDays(days - 1)), timeout: session.configuration.requestTimeout
        )
        if console.json { return console.print(json: JSONOutput(reply.message)) }
        let dates = dates()
        let painter = console.painter
        let overdue = reply.message["overdue"]?.arrayValue ?? []
        let items = reply.message["items"]?.arrayValue ?? []
        if overdue.isEmpty && items.isEmpty {
            return console.print("Nothing due \(days == 1 ? "today" : "in the next \(days) days").")
        }
        if !overdue.isEmpty {
            console.print(painter.red(painter.bold("Overdue")))
            for entry in overdue { console.print(line(entry, dates: dates, painter: painter)) }
        }
        var lastDay: String?
        for entry in items {
            let due = entry["item"]?["due"]?.stringValue.flatMap(Due.init(wire:))
            let day = due.map { agendaDay(of: $0, zone: zone).description } ?? ""
            if day != lastDay {
                lastDay = day
                let title =
                    day == today.description
                    ? "Today" : due.map { dates.due(.date(agendaDay(of: $0, zone: zone))) } ?? day
                console.print(painter.bold(title))
            }
            console.print(line(entry, dates: dates, painter: painter))
        }
    }

    private static func agendaDay(of due: Due, zone: String) -> CivilDate {
        RepeatDue.localDate(of: due, timeZone: zone)
    }

    private static func line(_ entry: JSONValue, dates: DateText, painter: Painter) -> String {
        let item = entry["item"]
        var text =
            "  [ ] \(item?["title"]?.stringValue ?? "?")" + painter.dim("  — \(entry["listTitle"]?.stringValue ?? "")")
        if let due = item?["due"]?.stringValue.flatMap(Due.init(wire:)), case .dateTime = due {
            text += "  " + dates.due(due)
        }
        if let rule = item?["repeat"]?.stringValue.flatMap({ try? RepeatRule(parsing: $0) }) {
            text += painter.dim("  ↻ \(rule.inWords)")
        }
        return text
    }
}
