import Foundation
import LoopbackTestSupport

/// `Tests/python/smtp_server.py` (aiosmtpd) as a child process, spooling each message it takes
/// as JSON with what Python's `email` package read from it.
final class SMTPServerProcess {
    let server: PythonTestServer
    let spool: URL
    var port: Int { server.port }
    /// The certificate a `--tls` server made, for the client to trust.
    var caFile: String { spool.appendingPathComponent("ca.pem").path }

    init(arguments: [String] = [], port: Int? = nil, spool: URL? = nil) throws {
        let spool =
            spool
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("checkwire-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        self.spool = spool
        server = try PythonTestServer(
            script: "smtp_server.py",
            arguments: ["--spool", spool.path] + (port.map { ["--port", "\($0)"] } ?? []) + arguments)
    }

    func stop() { server.stop() }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: spool)
    }

    /// The messages taken so far, in order.
    func messages() throws -> [[String: Any]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: spool.path)
            .filter { $0.hasSuffix(".json") }
            .sorted { Int($0.dropLast(5))! < Int($1.dropLast(5))! }
        return try names.map {
            try JSONSerialization.jsonObject(with: Data(contentsOf: spool.appendingPathComponent($0))) as! [String: Any]
        }
    }
}
