public import Foundation
import Synchronization

/// A test server written in Python (`Tests/python/push_service.py`, `smtp_server.py`) run as a
/// child process: independent implementations the Swift senders are checked against.
///
/// The script prints `listening 127.0.0.1:PORT` once it accepts connections (it binds the port
/// itself, so no port is guessed), and stops when its stdin closes: `stop()`, or the test
/// process ending for any reason. `scripts/install-deps.sh --with-test-tools` installs the
/// Python packages the scripts need (Tests/python/requirements.txt).
public final class PythonTestServer: @unchecked Sendable {
    // @unchecked Sendable: `process` and the pipe are set up in `init` and only used after.
    public let port: Int
    private let process = Process()
    private let input = Pipe()

    /// The folder `Tests/python`, found from this file's place in the repository.
    public static let scriptsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("python")

    /// Starts `python3 Tests/python/<script> <arguments>` and waits (up to `timeout`: the
    /// imports take seconds on a busy machine) for its `listening` line.
    public init(script: String, arguments: [String] = [], timeout: TimeInterval = 60) throws {
        let stdout = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.scriptsFolder.appendingPathComponent(script).path] + arguments
        process.standardInput = input
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        let reader = stdout.fileHandleForReading
        let output = Mutex("")
        let found = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                let ready = output.withLock { text in
                    text += String(decoding: data, as: UTF8.self)
                    return text.contains("listening 127.0.0.1:") && text.contains("\n")
                }
                if ready { found.signal() }
            }
            found.signal()
        }
        _ = found.wait(timeout: .now() + timeout)
        let text = output.withLock { $0 }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening 127.0.0.1:") }),
            let port = Int(line.dropFirst("listening 127.0.0.1:".count))
        else {
            process.terminate()
            throw PythonTestServerError(
                "\(script) did not start within \(Int(timeout)) s (is scripts/install-deps.sh --with-test-tools run?): \(text)"
            )
        }
        self.port = port
    }

    /// Stops the server (closes its stdin, then SIGTERM if it lingers) and waits for it.
    public func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// The child's output so far, filled by the reader thread under the server's lock.
public struct PythonTestServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
