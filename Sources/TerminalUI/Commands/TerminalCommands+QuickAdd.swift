import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `add "CS 298 - Homework 2 due 3/12"`: one free-text argument, parsed by the server.
extension TerminalCommands {
    /// Sends `quickAdd` with the local IANA time zone and prints everything the server
    /// understood and set (the `parsed` object of its `ack`): list and section, title, due in
    /// the user's zone, location, repeat, and both reminders.
    public static func quickAdd(text: String, server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let operation = Operation.quickAdd(text: text, timeZone: LocalTimeZone.identifier())
        let undo = { (ack: Ack?) -> ChecklistClient.Operation? in
            guard let ack, let list = ack.list, let id = ack.id else { return nil }
            let title = ack.parsed?["title"]?.stringValue ?? text
            return .undoAdd(
                item: ItemID(id), title: title, list: list,
                listTitle: ack.parsed?["list"]?.stringValue ?? "your Inbox")
        }
        let ack = try await submit(operation, context: context, console: console, undo: undo) { ack in
            let parsed = ack.parsed
            let title = parsed?["title"]?.stringValue ?? text
            let section = parsed?["section"]?.stringValue.map { "under “\($0)” in " } ?? "to "
            // Text that names no checklist goes to the Inbox (this command never sends `list`).
            return "Added “\(title)” "
                + (parsed?["list"]?.stringValue.map { section + "“\($0)”" } ?? "to your Inbox")
        }
        guard let ack, !console.json, let parsed = ack.parsed else { return }
        ItemFacts.print(understood(parsed), console: console)
    }

    /// The facts quick add set, in words, for the echo: `due Mon Aug 30 10:00`, `remind 10m
    /// before`, `repeat every month on the 1st`, …
    static func understood(_ parsed: JSONValue) -> [(String, String)] {
        var facts = ItemFacts()
        let date = parsed["date"]?.stringValue.flatMap(CivilDate.init(iso:))
        if let date {
            let time = parsed["time"]?.stringValue.flatMap(clock)
            facts.due = .set(time.flatMap { localInstant(date, $0) } ?? .date(date))
        }
        if let location = parsed["location"]?.stringValue { facts.location = .set(location) }
        if let rule = parsed["repeat"]?.stringValue.flatMap({ try? RepeatRule(parsing: $0) }) {
            facts.repeatRule = .set(rule)
        }
        if let lead = parsed["remindBefore"]?.intValue { facts.remindBefore = .set(lead) }
        if let every = parsed["remindEvery"]?.intValue { facts.remindEvery = .set(every) }
        return facts.lines(dates()).map { label, value in
            label == "remind" && value.hasSuffix(" before") && date == nil
                ? (label, value + " (once it has a due date)") : (label, value)
        }
    }

    /// `HH:MM` as hour and minute.
    private static func clock(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// The date and local time in the user's zone as the instant the server stored.
    private static func localInstant(_ date: CivilDate, _ time: (Int, Int)) -> Due? {
        QuickAddPlan.due(
            QuickAddDate(year: date.year, month: date.month, day: date.day),
            QuickAddTime(hour: time.0, minute: time.1), timeZone: timeZone)
    }
}
