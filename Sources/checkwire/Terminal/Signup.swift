import ArgumentParser
import TerminalUI

/// `checkwire signup USERNAME`
struct Signup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create an account and log in (the password is read without echo).")

    @Argument(help: "1–32 letters, digits, '_', '.' or '-'.")
    var username: String

    @Flag(help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (username, source) = (username, passwordStdin ? TerminalCommands.PasswordSource.standardInput : .terminal)
        try await options.run {
            try await TerminalCommands.authenticate(
                signup: true, username: username, password: source, server: $0, console: $1)
        }
    }
}
