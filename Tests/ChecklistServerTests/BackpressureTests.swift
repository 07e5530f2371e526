import ChecklistServer
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
import Transport
import WireProtocol

/// A connection with `maxRequestsInFlight` requests unanswered is not read from until half
/// of them are answered: the client waits in its own socket buffers, and nothing is lost.
@Suite struct BackpressureTests {
    @Test func aPipelinedBurstBeyondTheLimitIsAnsweredInFullAndInOrder() async throws {
        let server = try TestServer { $0.maxRequestsInFlight = 16 }
        defer { server.stop() }
        let writer = try await server.user("ana")
        let list = try await writer.createList()
        let burst = 1_000
        for index in 0..<burst {
            writer.send(
                TestClient.op(
                    "addItem", opID: "burst-\(index)", ["list": .string(list), "title": .string("item \(index)")]))
        }
        var acknowledged: [String] = []
        while acknowledged.count < burst {
            let ack = try await writer.next("ack", timeout: .seconds(20))
            acknowledged.append(try #require(ack["opId"]?.string))
        }
        #expect(acknowledged == (0..<burst).map { "burst-\($0)" })

        // Reading resumed: the connection still answers.
        let item = try await writer.addItem(list, "after the burst")
        #expect(!item.isEmpty)
        let metrics = try await Self.metrics(port: server.port)
        let pauses = metrics.split(separator: "\n").first { $0.hasPrefix("checkwire_receive_pauses_total ") }
        #expect(
            (pauses?.split(separator: " ").last.flatMap { Int($0) } ?? 0) >= 1,
            "the limit never stopped reading: \(metrics)")
    }

    static func metrics(port: Int) async throws -> String {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/metrics"))
        let (data, _) = try await URLSession.shared.data(from: url)
        return String(decoding: data, as: UTF8.self)
    }
}
