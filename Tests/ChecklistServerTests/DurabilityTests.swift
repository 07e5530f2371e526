import Foundation
import Testing
import Transport
import WireProtocol

/// The checkwire binary as a process: killed mid-burst, restarted, stopped by signal.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct DurabilityTests {
    @Test func everyAcknowledgedEditSurvivesSIGKILLDuringABurst() async throws {
        let temporary = try TemporaryDatabase("kill")
        defer { temporary.remove() }
        let database = temporary.path

        let first = try ServerProcess(database: database)
        let writer = try await first.connect()
        try await writer.signUp("ana")
        let list = try await writer.createList()
        let burst = 3_000
        for index in 0..<burst {
            writer.send(
                TestClient.op(
                    "addItem", opID: "burst-\(index)", ["list": .string(list), "title": .string("item \(index)")]))
        }
        var acknowledged: [String: String] = [:]
        while acknowledged.count < 400 {
            let ack = try await writer.next("ack", timeout: .seconds(20))
            acknowledged[try #require(ack["opId"]?.string)] = try #require(ack["id"]?.string)
        }
        first.kill()
        // Acks already on the wire before the kill count too.
        while let ack = try? await writer.next("ack", timeout: .milliseconds(300)) {
            if let opID = ack["opId"]?.string, let id = ack["id"]?.string { acknowledged[opID] = id }
        }

        let second = try ServerProcess(database: database)
        defer { _ = second.terminate() }
        let reader = try await second.connect()
        try await reader.logIn("ana")
        let snapshot = try await reader.snapshot(list)
        let stored = Set(try #require(snapshot["list"]?["items"]?.arrayValue).compactMap { $0["id"]?.string })
        let lost = Set(acknowledged.values).subtracting(stored)
        #expect(lost.isEmpty, "\(lost.count) acknowledged edits were lost")
        let head = try #require(snapshot["seq"]?.int)
        #expect(head == stored.count + 1, "one event per stored item, plus createList")

        let replay = try await reader.subscribe(list, since: 0)
        #expect(replay.dropLast().map { $0["seq"]?.int } == Array(1...head).map { $0 }, "the log has no gap")
        let (opID, id) = try #require(acknowledged.first)
        let resent = try await reader.op("addItem", opID: opID, ["list": .string(list), "title": "again"])
        #expect(resent["id"]?.string == id, "idempotent across a restart")
        #expect(resent["seq"]?.int ?? 0 <= head)
    }

    @Test func sigtermClosesConnectionsWith1001AndExitsZero() async throws {
        let temporary = try TemporaryDatabase("term")
        defer { temporary.remove() }
        let database = temporary.path
        let process = try ServerProcess(database: database)
        let client = try await process.connect()
        try await client.signUp("ana")
        let list = try await client.createList()
        for index in 0..<50 {
            client.send(
                TestClient.op("addItem", opID: "t\(index)", ["list": .string(list), "title": .string("t\(index)")]))
        }
        _ = try await client.next("ack")
        let status = process.terminate()
        #expect(status == 0)
        var acked = 1
        while (try? await client.next("ack", timeout: .milliseconds(200))) != nil { acked += 1 }
        #expect(client.connection.closeCode == 1001)

        let restarted = try ServerProcess(database: database)
        defer { _ = restarted.terminate() }
        let reader = try await restarted.connect()
        try await reader.logIn("ana")
        let items = try await reader.snapshot(list)["list"]?["items"]?.arrayValue ?? []
        #expect(items.count >= acked, "every acknowledged edit is stored (\(acked) acked, \(items.count) stored)")
    }
}
