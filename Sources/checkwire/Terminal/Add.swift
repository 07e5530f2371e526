import ArgumentParser
import TerminalUI

/// `checkwire add LIST TITLE`, or `checkwire add "TEXT"` for quick add.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Add an item: `add LIST TITLE [options]`, or `add \"CS 298 - Homework 2 due 3/12\"` to let the server read the text.",
        discussion:
            "With one argument the text is sent as a quick add, with your time zone; the server picks the list, title, date, time, location and reminder from it, and the command prints what it understood."
    )

    @Argument(
        help: "The checklist (id, id prefix or title) and the item's title; or one quick-add text.",
        completion: .custom(ChecklistNames.complete))
    var words: [String]

    @Option(help: "Add it under this item (id prefix or title).")
    var under: String?

    @Option(
        help:
            "Due: 2027-03-12, \"2027-03-12 17:00\" (local time), today, tomorrow, a weekday, \"friday 5pm\", \"in 3 days\", \"Dec 4\"…"
    )
    var due: String?

    @Option(help: "Where it happens.")
    var location: String?

    @Option(help: "Remind every: 30m, 1h30m, 2d, 1w, daily…")
    var every: String?

    @Option(help: "Notes.")
    var notes: String?

    @Option(help: "Remind before the due time: 0 (at the due time), 10m, 1h, 1d…")
    var remindBefore: String?

    @Option(help: "Assign it to a participant (they get its reminders).")
    var assign: String?

    @Option(
        help:
            "Repeat: \"every Monday\", \"every Mon and Thu\", daily, \"every 2 weeks\", \"monthly on the 1st\", or an RRULE."
    )
    var `repeat`: String?

    @OptionGroup var options: ClientOptions

    func validate() throws {
        guard (1...2).contains(words.count) else { throw ValidationError("give LIST and TITLE, or one quick-add text") }
        if words.count == 1,
            under != nil || due != nil || location != nil || every != nil || notes != nil || remindBefore != nil
                || assign != nil || `repeat` != nil
        {
            throw ValidationError(
                "quick add takes only the text; name the list to use --under, --due, --location, --every, --notes, --remind-before, --assign or --repeat"
            )
        }
    }

    func run() async throws {
        let words = words
        let under = under
        let input = TerminalCommands.ItemInput(
            notes: notes, due: due, location: location, every: every, remindBefore: remindBefore, assignee: assign,
            repeatRule: `repeat`
        )
        try await options.run { server, console in
            if words.count == 1 {
                try await TerminalCommands.quickAdd(text: words[0], server: server, console: console)
            } else {
                try await TerminalCommands.add(
                    list: words[0], title: words[1], under: under, input: input, server: server, console: console)
            }
        }
    }
}
