import ChecklistServer
import ChecklistStore
import Foundation
import Logging
import ServiceLifecycle
import Testing
import Transport
import WireProtocol

/// The server's parts as services of a `ServiceGroup` (`ChecklistServer.services`): listed in
/// the order they depend on each other, stopped in the reverse by the group's graceful shutdown,
/// as `checkwire serve` runs them.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ServiceShutdownTests {
    @Test func thePartsAreListedInTheOrderTheyDependOnEachOther() throws {
        let server = try TestServer()
        defer { server.stop() }
        #expect(
            server.server.services.map(\.description) == [
                "password-workers", "connections", "store", "mail-delivery", "push-delivery", "wake-ups", "admission",
            ])
    }

    /// Edits in flight when the group shuts down: each one the server took is committed and
    /// acknowledged before the connection closes with 1001, and none it did not acknowledge is
    /// stored.
    @Test func aGroupShutdownAcknowledgesEveryEditTakenThenClosesWith1001() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkwire-group-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("group.sqlite").path
        let server = try TestServer(store: { $0.database = database })
        defer { try? FileManager.default.removeItem(at: server.directory) }
        let group = ServiceGroup(services: server.server.services, logger: Logger(label: "test"))
        let running = Task { try await group.run() }

        let client = try await server.user("ana")
        let list = try await client.createList()
        for index in 0..<50 {
            client.send(
                TestClient.op("addItem", opID: "g\(index)", ["list": .string(list), "title": .string("g\(index)")]))
        }
        _ = try await client.next("ack")
        await group.triggerGracefulShutdown()
        try await running.value
        var acked = 1
        while (try? await client.next("ack", timeout: .milliseconds(200))) != nil { acked += 1 }
        #expect(client.connection.closeCode == 1001)

        let reopened = try TestServer(store: { $0.database = database })
        defer { reopened.stop() }
        let reader = try await reopened.connect()
        try await reader.logIn("ana")
        let items = try await reader.snapshot(list)["list"]?["items"]?.arrayValue ?? []
        #expect(items.count == acked, "\(acked) edits acknowledged, \(items.count) stored")
    }
}
