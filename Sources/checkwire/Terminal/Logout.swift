import ArgumentParser
import TerminalUI

/// `checkwire logout`
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Revoke the saved session and forget it.")

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.logout(server: $0, console: $1) }
    }
}
