import Foundation
import LoopbackTestSupport

/// nginx + nchan, configured from `scripts/nchan.conf` (the benchmark matrix's peer) in a
/// temporary directory and listening on a free port of 127.0.0.1: the load tester's nchan
/// target, driven for real. `scripts/install-deps.sh --with-test-tools` installs nginx.
final class NchanServer: @unchecked Sendable {
    static let nginx = "/usr/sbin/nginx"
    static let module = "/usr/lib/nginx/modules/ngx_nchan_module.so"

    let port: Int
    private let process = Process()
    private let directory: URL

    var subscribeBase: String { "ws://127.0.0.1:\(port)/sub" }
    var publishBase: String { "http://127.0.0.1:\(port)/pub" }
    /// The master's pid (the CPU figures of a real run also sum its worker).
    var pid: Int32 { process.processIdentifier }

    /// Starts nginx and waits until it accepts connections. A port taken between choosing
    /// and binding it makes nginx exit; then another port is tried.
    static func start() throws -> NchanServer {
        guard FileManager.default.isExecutableFile(atPath: nginx), FileManager.default.fileExists(atPath: module) else {
            throw NchanError(
                "nginx with nchan is not installed (\(nginx), \(module)); run scripts/install-deps.sh --with-test-tools"
            )
        }
        var lastError: any Error = NchanError("nginx did not start")
        for _ in 0..<3 {
            do { return try NchanServer(port: LoopbackPort.free()) } catch { lastError = error }
        }
        throw lastError
    }

    private init(port: Int) throws {
        self.port = port
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-nchan-\(UUID().uuidString)")
        for sub in ["logs", "tmp"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let template = try String(contentsOf: root.appendingPathComponent("scripts/nchan.conf"), encoding: .utf8)
        let configuration = directory.appendingPathComponent("nginx.conf")
        try template.replacingOccurrences(of: "@WORK@", with: directory.path)
            .replacingOccurrences(of: "@PORT@", with: String(port))
            .write(to: configuration, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: Self.nginx)
        process.arguments = ["-p", directory.path, "-c", configuration.path, "-g", "daemon off;"]
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            guard process.isRunning else {
                let log =
                    (try? String(contentsOf: directory.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
                stop()
                throw NchanError("nginx exited: \(log)")
            }
            if LoopbackPort.accepts(port) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw NchanError("nginx did not accept connections on 127.0.0.1:\(port) within 10 s")
    }

    /// Stops nginx (a fast shutdown: SIGTERM) and removes its directory.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

struct NchanError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
