import ArgumentParser
import TerminalUI

/// `checkwire sync`
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send the edits queued while the server was unreachable.")

    @OptionGroup var options: ClientOptions

    func run() throws {
        try options.run { try await TerminalCommands.sync(server: $0, console: $1) }
    }
}
