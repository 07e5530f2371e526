import ArgumentParser
import TerminalUI

/// The options every terminal command shares: which server, and JSON output.
struct ClientOptions: ParsableArguments {
    @Option(
        help:
            "Server WebSocket URL (env CHECKWIRE_SERVER; default: the one you logged in to, else ws://127.0.0.1:8080/ws)."
    )
    var server: String?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    /// Runs a command's body; a failure prints one line on standard error and exits non-zero.
    func run(_ body: @Sendable (String?, Console) async throws -> Void) async throws {
        let server = server
        let status = await CommandRunner.run(json: json) { console in try await body(server, console) }
        if status != 0 { throw ExitCode(status) }
    }
}
