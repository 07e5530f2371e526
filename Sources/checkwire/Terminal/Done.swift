import ArgumentParser
import TerminalUI

/// `checkwire done LIST [ITEM]`
struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark items done (several at once), or the checklist completed.",
        discussion:
            "A repeating item's current occurrence is ticked and its next due is printed. Ticking it again before that day would skip an occurrence: that needs --early."
    )

    @OptionGroup var target: StatusArguments

    @Flag(help: "Tick a repeating item's next occurrence although the one before it, still ahead, is done.")
    var early = false
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, items) = (target.list, target.items)
        try await options.run {
            try await TerminalCommands.changeStatus(
                .complete, list: list, items: items, early: early, server: $0, console: $1)
        }
    }
}
