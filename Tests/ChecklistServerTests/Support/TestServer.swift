import ChecklistServer
import ChecklistStore
import Foundation
import StoreFactory
import Transport

/// A real server on 127.0.0.1 with an ephemeral port and its own SQLite file.
final class TestServer: Sendable {
    let server: ChecklistServer
    let port: Int
    let databasePath: String
    let directory: URL

    init(
        configure: (inout ServerConfiguration) -> Void = { _ in },
        store configureStore: (inout StoreConfiguration) -> Void = { _ in }
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkwire-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("test.sqlite").path
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.fastPasswordHashing = true
        configure(&configuration)
        var store = StoreConfiguration(database: databasePath)
        configureStore(&store)
        server = try ChecklistServer(configuration: configuration) { try openStore(store, encodeEvent: $0) }
        port = try server.start()
    }

    var url: String { "ws://127.0.0.1:\(port)/ws" }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func connect(origin: String? = nil) async throws -> TestClient {
        TestClient(try await WebSocketConnection.connect(url: url, origin: origin))
    }

    /// A connected client already signed up as a new user named `name`.
    func user(_ name: String) async throws -> TestClient {
        let client = try await connect()
        try await client.signUp(name)
        return client
    }
}
