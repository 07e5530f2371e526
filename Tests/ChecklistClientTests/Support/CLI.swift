import Foundation
import Testing
import WireProtocol

/// Runs the `checkwire` binary as a user would, with its own HOME (so its own credentials,
/// queue and cache), and captures what it printed.
struct CLI: Sendable {
    struct Result: Sendable, CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        /// stdout parsed as one JSON document (the `--json` output).
        func json() throws -> JSONValue { try JSONParser.parse(stdout.trimmingCharacters(in: .whitespacesAndNewlines)) }

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    let home: URL
    var server: String
    var extraEnvironment: [String: String] = [:]

    init(server: String) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("checkwire-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        self.server = server
    }

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["CHECKWIRE_BIN"] { return path }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "checkwire"
        ).path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for scratch in [".build-term", ".build"] {
            let path = root.appendingPathComponent("\(scratch)/debug/checkwire").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return root.appendingPathComponent(".build/debug/checkwire").path
    }

    /// The environment the binary runs with: a clean HOME, no XDG overrides, no colors.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "CHECKWIRE_TOKEN", "NO_COLOR"] {
            environment[key] = nil
        }
        environment["HOME"] = home.path
        environment["CHECKWIRE_SERVER"] = server
        environment["TZ"] = "UTC"
        for (key, value) in extraEnvironment { environment[key] = value }
        return environment
    }

    /// Runs `checkwire ARGS`, feeding `input` on stdin; at most `timeout`.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, timeout: Duration = .seconds(30)) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment
        // Files rather than pipes: nothing to drain, so a chatty child can never block.
        let outURL = home.appendingPathComponent("out-\(UUID().uuidString)")
        let errURL = home.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = stdin
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            exited.continuation.yield(); exited.continuation.finish()
        }
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        for await _ in exited.stream {}
        watchdog.cancel()
        try? out.close()
        try? err.close()
        let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// `run`, requiring exit status 0.
    @discardableResult
    func ok(_ arguments: [String], input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> Result
    {
        let result = try await run(arguments, input: input)
        #expect(
            result.status == 0, "checkwire \(arguments.joined(separator: " ")): \(result)",
            sourceLocation: sourceLocation)
        return result
    }

    /// Signs up `name` with `--password-stdin`.
    func signUp(_ name: String) async throws {
        try await ok(["signup", name, "--password-stdin"], input: "correct horse\n")
    }

    func remove() {
        try? FileManager.default.removeItem(at: home)
    }
}
