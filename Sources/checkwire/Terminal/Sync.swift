import ArgumentParser
import TerminalUI

/// `checkwire sync`
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send the edits queued while the server was unreachable.")

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.sync(server: $0, console: $1) }
    }
}
