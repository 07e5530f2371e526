import ChecklistClient
import WireProtocol

/// `add "CS 298 - Homework 2 due 3/12"`: one free-text argument, parsed by the server.
extension TerminalCommands {
    /// Sends `quickAdd` with the local IANA time zone and prints what the server understood
    /// (the `parsed` object of its `ack`): list, section, title, date, time, location,
    /// reminder.
    public static func quickAdd(text: String, server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let operation = Operation.quickAdd(text: text, timeZone: LocalTimeZone.identifier())
        let ack = try await submit(operation, context: context, console: console) { ack in
            let parsed = ack.raw["parsed"]
            let title = parsed?["title"]?.stringValue ?? text
            // Text that names no checklist goes to the Inbox (this command never sends `list`).
            return "Added “\(title)”" + (parsed?["list"]?.stringValue.map { " to “\($0)”" } ?? " to your Inbox")
        }
        guard let ack, !console.json else { return }
        let parsed = ack.raw["parsed"]
        var lines: [(String, String)] = []
        for (key, label) in [
            ("section", "section"), ("date", "date"),
            ("time", "time"), ("location", "location"),
        ] {
            if let value = parsed?[key]?.stringValue { lines.append((label, value)) }
        }
        if let every = parsed?["remindEvery"]?.intValue { lines.append(("every", ReminderInterval.format(every))) }
        for (label, value) in lines {
            console.print("  " + console.painter.dim(TextLayout.pad(label, to: 9)) + value)
        }
    }
}
