import ArgumentParser
import TerminalUI

/// `checkwire edit LIST [ITEM] --title … --due …`
struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change an item's fields, or without ITEM the checklist's.",
        discussion: "An empty value clears a field; --due none and --every none clear those."
    )

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The item: an id prefix or its title. Without it, the checklist itself.")
    var item: String?

    @Option(help: "New title.")
    var title: String?

    @Option(help: "Notes (items).")
    var notes: String?

    @Option(
        help:
            "Due: 2027-03-12, \"2027-03-12 17:00\", today, tomorrow, a weekday, \"friday 5pm\", \"in 3 days\"…, or none."
    )
    var due: String?

    @Option(help: "Location (items).")
    var location: String?

    @Option(help: "Remind every: 30m, 1h30m, 2d, daily… or none (items).")
    var every: String?

    @Option(help: "Remind before the due time: 0, 10m, 1h, 1d… or none (items).")
    var remindBefore: String?

    @Option(help: "Assign to a participant, or none (items).")
    var assign: String?

    @Option(help: "Repeat: \"every Monday\", daily, \"every 2 weeks\"… or none (items).")
    var `repeat`: String?

    @Option(help: "Time zone of the checklist, e.g. Europe/Lisbon (checklists).")
    var tz: String?

    @Option(help: "Description (checklists).")
    var description: String?

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let input = TerminalCommands.ItemInput(
            title: title, notes: notes, due: due, location: location, every: every, description: description,
            remindBefore: remindBefore, assignee: assign, timeZone: tz, repeatRule: `repeat`
        )
        try await options.run {
            try await TerminalCommands.edit(list: list, item: item, input: input, server: $0, console: $1)
        }
    }
}
