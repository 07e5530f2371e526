import ArgumentParser
import TerminalUI

/// `checkwire login USERNAME`
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log in and save the session (the password is read without echo).")

    @Argument(help: "Your username (case does not matter).")
    var username: String

    @Flag(help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (username, source) = (username, passwordStdin ? TerminalCommands.PasswordSource.standardInput : .terminal)
        try await options.run {
            try await TerminalCommands.authenticate(
                signup: false, username: username, password: source, server: $0, console: $1)
        }
    }
}
