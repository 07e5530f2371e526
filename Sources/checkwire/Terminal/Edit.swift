import ArgumentParser
import TerminalUI

/// `checkwire edit LIST [ITEM] --title … --due …`
struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change an item's fields, or without ITEM the checklist's.",
        discussion: "An empty value clears a field; --due none and --every none clear those."
    )

    @OptionGroup var target: StatusArguments

    @Option(help: "New title.")
    var title: String?

    @Option(help: "Notes (items).")
    var notes: String?

    @Option(help: "Due: 2027-03-12, \"2027-03-12 17:00\", today, tomorrow, a weekday, or none.")
    var due: String?

    @Option(help: "Location (items).")
    var location: String?

    @Option(help: "Remind every: 30m, 1h30m, 2d, daily… or none (items).")
    var every: String?

    @Option(help: "Description (checklists).")
    var description: String?

    @OptionGroup var options: ClientOptions

    func run() throws {
        let (list, item) = (target.list, target.item)
        let input = TerminalCommands.ItemInput(title: title, notes: notes, due: due, location: location, every: every, description: description)
        try options.run { try await TerminalCommands.edit(list: list, item: item, input: input, server: $0, console: $1) }
    }
}
