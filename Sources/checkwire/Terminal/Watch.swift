import ArgumentParser
import TerminalUI

/// `checkwire watch LIST [--follow] [--json]`
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Follow a checklist live; reconnects by itself and catches up on what it missed. Ctrl-C quits.",
        discussion:
            "On a terminal the screen is redrawn in place. With --follow (or when the output is not a terminal) the checklist is printed once, then one line per change. With --json: one JSON object per line."
    )

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Flag(help: "Print a line per change instead of redrawing the screen.")
    var follow = false

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let list = list
        let mode: TerminalCommands.WatchMode = options.json ? .json : follow ? .follow : .screen
        try await options.run { try await TerminalCommands.watch(list: list, mode: mode, server: $0, console: $1) }
    }
}
