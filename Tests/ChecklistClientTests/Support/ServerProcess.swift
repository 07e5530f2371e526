import Foundation
import LoopbackTestSupport

/// `checkwire serve` as a child process on a fixed port, for tests that kill and restart
/// the server underneath a client running in a terminal.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    let database: String

    init(database: String, port: Int) async throws {
        self.port = port
        self.database = database
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = [
            "serve", "--host", "127.0.0.1", "--port", String(port), "--database", database, "--fast-password-hashing",
            "--log-level", "error",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let up = await eventually(timeout: .seconds(20)) { LoopbackPort.accepts(port) }
        guard up else {
            process.terminate()
            throw TestFailure("checkwire serve did not listen on \(port)")
        }
    }

    var url: String { "ws://127.0.0.1:\(port)/ws" }

    /// SIGKILL: no goodbye to clients, as in a crash.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func terminate() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
