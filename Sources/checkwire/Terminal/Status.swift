import ArgumentParser
import TerminalUI

/// `checkwire status`
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Who you are logged in as, and the edits waiting to be sent.")

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.status(server: $0, console: $1) }
    }
}
