import ArgumentParser
import TerminalUI

/// `checkwire lists`
struct Lists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Your checklists: In Progress by due date, then Completed and Cancelled.")

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.lists(server: $0, console: $1) }
    }
}
