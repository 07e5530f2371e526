import ChecklistServer
import ChecklistStore
import StoreFactory
import Foundation
import Transport

/// A real in-process server on 127.0.0.1 with its own SQLite file, which can be stopped and
/// started again on the same port and database (to test what clients do meanwhile).
final class LiveServer: @unchecked Sendable {
    let directory: URL
    let databasePath: String
    private(set) var port: Int
    private var server: ChecklistServer?

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("test.sqlite").path
        port = 0
        try start()
    }

    var url: String { "ws://127.0.0.1:\(port)/ws" }

    /// Starts (again) on the same port and database.
    func start() throws {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = port
        configuration.fastPasswordHashing = true
        let store = StoreConfiguration(database: databasePath)
        let server = try ChecklistServer(configuration: configuration) { try openStore(store, encodeEvent: $0) }
        port = try server.start()
        self.server = server
    }

    /// Graceful stop (clients see 1001); the database stays.
    func stop() {
        server?.stop()
        server = nil
    }

    func shutdown() {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
