import ArgumentParser
import TerminalUI

/// `checkwire lists`
struct Lists: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Your checklists: In Progress by due date, then Completed and Cancelled.")

    @OptionGroup var options: ClientOptions

    func run() throws {
        try options.run { try await TerminalCommands.lists(server: $0, console: $1) }
    }
}
