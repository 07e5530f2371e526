import Synchronization
import Foundation
import Glibc

/// A `checkwire serve` the bench starts itself (`--serve BIN`): on 127.0.0.1, a database in a
/// temporary directory of its own, and stopped and started again on the same port and
/// database for `reconnect`'s restart.
///
/// Why the bench owns the process: a restart is SIGTERM (the graceful stop an upgrade does)
/// and a new process on the same file, and the figures are timed from that process's first
/// `/healthz` 200, which only the one who starts it can see.
// @unchecked Sendable: `process` and `port` change only in `start`/`terminate`, which the
// runner calls from one task at a time; the rest is immutable.
final class ServedServer: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let binary: String
    let directory: URL
    private(set) var port = 0
    private var process: Process?

    var databasePath: String { directory.appendingPathComponent("bench.sqlite").path }
    var logPath: String { directory.appendingPathComponent("server.log").path }
    var url: String { "ws://127.0.0.1:\(port)/ws" }
    var pid: Int32 { process?.processIdentifier ?? 0 }

    init(binary: String) throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw Failure(description: "--serve: \(binary) is not an executable")
        }
        self.binary = binary
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-bench-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: logPath, contents: nil)
    }

    /// Starts the server (on a free port the first time, on the same port after) and waits for
    /// its banner, which it prints once it listens.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "serve", "--host", "127.0.0.1", "--port", String(port), "--database", databasePath,
            "--fast-password-hashing", "--log-level", "warning",
        ]
        let banner = Pipe()
        process.standardOutput = banner
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        process.standardError = log
        try process.run()
        self.process = process
        let bound = try Self.readPort(from: banner.fileHandleForReading, deadline: Date().addingTimeInterval(60))
        guard let bound else {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "\(binary) serve printed no banner; its log: \(logTail())")
        }
        port = bound
    }

    /// SIGTERM, then waits for the exit (SIGKILL after `timeout` seconds); returns the seconds
    /// it took.
    @discardableResult
    func terminate(timeout: Double = 30) -> Double {
        guard let process, process.isRunning else { return 0 }
        let began = MonotonicClock.now()
        kill(process.processIdentifier, SIGTERM)
        let deadline = began &+ UInt64(timeout * 1e9)
        while process.isRunning, MonotonicClock.now() < deadline { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return MonotonicClock.seconds(since: began)
    }

    /// Polls `/healthz` every 5 ms until it answers 200; the monotonic time of that answer, or
    /// nil at `deadline` or once the process has exited.
    func waitHealthy(deadline: UInt64) -> UInt64? {
        while MonotonicClock.now() < deadline {
            if HTTPProbe.status(port: port, path: "/healthz", timeout: 1) == 200 { return MonotonicClock.now() }
            guard process?.isRunning == true else { return nil }
            usleep(5_000)
        }
        return nil
    }

    /// Stops the server and removes its directory.
    func remove() {
        terminate(timeout: 5)
        try? FileManager.default.removeItem(at: directory)
    }

    func logTail() -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return String(text.suffix(600))
    }

    /// The port in `checkwire serve`'s banner ("… listening on http://127.0.0.1:PORT/ …"), or
    /// nil if none came by `deadline` (the read goes on until the process is stopped).
    private static func readPort(from handle: FileHandle, deadline: Date) throws -> Int? {
        let text = Mutex("")
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while !text.withLock({ $0.contains("\n") }) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }  // the server exited
                text.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow))
        let banner = text.withLock { $0 }
        guard let range = banner.range(of: "127.0.0.1:") else { return nil }
        return Int(banner[range.upperBound...].prefix { $0.isNumber })
    }
}
