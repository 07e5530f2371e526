import Foundation
import Testing
import Transport

/// The `checkwire` binary run as a child process, for what an in-process server cannot
/// show: SIGKILL in the middle of a burst, SIGTERM and the exit code.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private(set) var port = 0

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["CHECKWIRE_BIN"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/checkwire").path
    }

    /// Starts `checkwire serve` on a free port with `database` and waits for its banner.
    init(database: String, port requestedPort: Int = 0) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw ProcessError(
                "checkwire binary not found at \(Self.binary); run `swift build` first or set CHECKWIRE_BIN")
        }
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = [
            "serve", "--port", String(requestedPort), "--database", database, "--fast-password-hashing", "--log-level",
            "warning",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let handle = output.fileHandleForReading
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !text.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "127.0.0.1:"),
            let value = Int(text[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            throw ProcessError("no banner from checkwire serve: \(text)")
        }
        port = value
    }

    var url: String { "ws://127.0.0.1:\(port)/ws" }

    /// A new client connection to this server.
    func connect() async throws -> TestClient {
        TestClient(try await WebSocketConnection.connect(url: url))
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGTERM and returns the exit status.
    func terminate() -> Int32 {
        Foundation.kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct ProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ServerProcess {
    /// Runs `checkwire` with `arguments` until it exits (within 20 s); its status and its
    /// standard output and error together.
    static func runToExit(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runTool(binary, arguments)
    }

    /// Runs any program until it exits (within 20 s).
    static func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            throw ProcessError("\(path) \(arguments.joined(separator: " ")) did not exit")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, text)
    }
}
