import ChecklistServer
import Foundation
import ProductVersion
import Testing

/// The server names its version on the outside: the `Server` header of every kind of HTTP
/// response, and a `version` line in `/healthz`'s body. Checked against a real server.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct VersionReportingTests {
    static let serverHeader = "checkwire/\(ProductVersion.current)"

    @Test func healthzBodyNamesTheVersionAfterItsState() throws {
        let server = try TestServer()
        defer { server.stop() }
        let socket = try HTTPSocket(port: server.port)
        try socket.send("GET", "/healthz")
        let head = try socket.readHead()
        let body = try socket.readBody(count: Int(head.headers["content-length"] ?? "") ?? 0)
        #expect(head.status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "ok\nversion \(ProductVersion.current)\n")
    }

    @Test(arguments: ["/healthz", "/metrics", "/index.html", "/missing.txt"])
    func everyHTTPResponseNamesTheVersionInItsServerHeader(path: String) throws {
        let publicDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("checkwire-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: publicDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: publicDirectory) }
        try Data("<!doctype html><title>Checkwire</title>".utf8)
            .write(to: publicDirectory.appendingPathComponent("index.html"))
        let server = try TestServer { $0.publicDirectory = publicDirectory.path }
        defer { server.stop() }

        let socket = try HTTPSocket(port: server.port)
        try socket.send("GET", path)
        let head = try socket.readHead()
        #expect(head.status == (path == "/missing.txt" ? 404 : 200))
        #expect(head.headers["server"] == Self.serverHeader, "\(path): \(head.headers)")
    }

    @Test func theWebSocketUpgradeNamesTheVersionInItsServerHeader() throws {
        let server = try TestServer()
        defer { server.stop() }
        let socket = try HTTPSocket(port: server.port)
        try socket.send(
            "GET", "/ws",
            headers: [
                "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Protocol": "checkwire.v1",
            ])
        let head = try socket.readHead()
        #expect(head.status == 101)
        #expect(head.headers["server"] == Self.serverHeader, "\(head.headers)")
    }
}
