import ArgumentParser
import TerminalUI

/// `checkwire reminders`
struct Reminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Show the reminders waiting for you (the latest of each item from the last 24 hours that you have not dismissed).",
        discussion:
            "Reminders ring only while a client is connected (the web page, `watch`, or `remind --follow`); this shows the ones that came while none was."
    )

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.reminders(server: $0, console: $1) }
    }
}

/// `checkwire remind --follow`
struct Remind: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print reminders as they fire, until Ctrl-C (for scripts and desktop notifiers).",
        discussion:
            "Rings the terminal bell with each one; with --json prints each reminder as `checkwire reminders --json` lists them, one JSON object per line. Reconnects by itself; reminders missed while away arrive on reconnecting."
    )

    @Flag(help: "Keep running and print reminders as they come (the only mode).")
    var follow = false

    @OptionGroup var options: ClientOptions

    func validate() throws {
        guard follow else {
            throw ValidationError("use `checkwire remind --follow`; `checkwire reminders` lists the waiting ones")
        }
    }

    func run() async throws {
        try await options.run { try await TerminalCommands.followReminders(server: $0, console: $1) }
    }
}

/// `checkwire snooze LIST ITEM [--for 1h | --until "tomorrow 9am"]`
struct Snooze: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hold back an item's reminders for you until later; one reminder comes then.")

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The item: an id prefix or its title.")
    var item: String

    @Option(name: .customLong("for"), help: "How long: 10m (the default), 1h, 2d…")
    var duration: String?

    @Option(help: "Until when: \"tomorrow 9am\", \"friday 17:00\", \"2027-03-12 08:00\"…")
    var until: String?

    @OptionGroup var options: ClientOptions

    func validate() throws {
        if duration != nil, until != nil { throw ValidationError("give --for or --until, not both") }
    }

    func run() async throws {
        let (list, item, duration, until) = (list, item, duration, until)
        try await options.run {
            try await TerminalCommands.snooze(
                list: list, item: item, duration: duration, until: until, server: $0, console: $1)
        }
    }
}

/// `checkwire dismiss LIST ITEM`
struct Dismiss: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dismiss an item's reminders so far (on every device); later ones still come.")

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The item: an id prefix or its title.")
    var item: String

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, item) = (list, item)
        try await options.run { try await TerminalCommands.dismiss(list: list, item: item, server: $0, console: $1) }
    }
}
