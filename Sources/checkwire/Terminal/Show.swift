import ArgumentParser
import TerminalUI

/// `checkwire show LIST [--mine] [--status S] [--from D] [--to D]`
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A checklist with its items as a tree, and everything set on each.",
        discussion:
            "Filters keep the items that match and the parents they sit under. --from and --to read dates as --due does."
    )

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Flag(help: "Only items assigned to you.")
    var mine = false

    @Option(help: "Only items with this status: open, done, cancelled (several with commas), or all.")
    var status: String?

    @Option(help: "Only items due on or after this day.")
    var from: String?

    @Option(help: "Only items due on or before this day.")
    var to: String?

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let filter = TerminalCommands.ShowFilter(mine: mine, status: status, from: from, to: to)
        try await options.run { try await TerminalCommands.show(list: list, filter: filter, server: $0, console: $1) }
    }
}
