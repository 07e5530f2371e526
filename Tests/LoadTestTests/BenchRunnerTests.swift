import ChecklistServer
import Foundation
import LoadTest
import Testing
import Transport

/// A small, bounded fan-out run against an in-process server: the load tester's own checks
/// (exactly once, in order, nothing missing) and the report's fields. No performance
/// assertions: figures on a shared machine mean nothing in a test.
@Suite(.serialized)
struct BenchRunnerTests {
    /// Runs the bench against a fresh in-process server with its own SQLite file.
    static func run(_ configuration: BenchConfiguration) async throws -> BenchReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkwire-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var serverConfiguration = ServerConfiguration()
        serverConfiguration.port = 0
        serverConfiguration.databasePath = directory.appendingPathComponent("bench.sqlite").path
        serverConfiguration.fastPasswordHashing = true
        let server = try ChecklistServer(configuration: serverConfiguration)
        let port = try server.start()
        defer { server.stop() }
        var configuration = configuration
        configuration.target = .checkwire(url: "ws://127.0.0.1:\(port)/ws")
        return try await BenchRunner(configuration: configuration).run()
    }

    /// Both client loops: `--client-event-loop epoll` must check and report the same.
    @Test(arguments: EventLoopBackend.allCases)
    func fanoutDeliversEveryEventOnceInOrder(clientLoop: EventLoopBackend) async throws {
        var configuration = BenchConfiguration()
        configuration.eventLoop = clientLoop
        configuration.scenario = .fanout
        configuration.subscribers = 20
        configuration.writers = 2
        configuration.edits = 200
        configuration.window = 8
        configuration.duration = 30
        configuration.timeout = 60
        configuration.serverPIDs = [getpid()]
        configuration.progress = false
        let report = try await Self.run(configuration)

        #expect(report.verification.passed)
        #expect(report.verification.duplicatesOrReordered == 0)
        #expect(report.verification.gaps == 0)
        #expect(report.verification.missingAtEnd == 0)
        #expect(report.connections.live == 20)
        #expect(report.connections.failures == 0)
        #expect(report.edits?.sent == 200)
        #expect(report.edits?.acked == 200)
        #expect(report.edits?.ack.count == 200)
        #expect(report.deliveries?.count == 20 * 200)
        #expect(report.deliveries?.latency.count == 20 * 200)
        let latency = try #require(report.deliveries?.latency)
        #expect(latency.p50 > 0 && latency.p50 <= latency.p99 && latency.p99 <= latency.max)
        #expect((report.deliveries?.averageMessageBytes ?? 0) > 100)
        #expect(report.errors.isEmpty)
        #expect(report.server?.cpuMicrosecondsPerDelivery != nil)
        let json = try report.json()
        #expect(json.contains("\"deliveries\""))
        #expect(report.table.contains("exactly once, in order"))
    }

    @Test func reconnectResumesBySinceWithoutLoss() async throws {
        var configuration = BenchConfiguration()
        configuration.scenario = .reconnect
        configuration.subscribers = 10
        configuration.writers = 1
        configuration.behind = 100
        configuration.edits = 100
        configuration.timeout = 60
        configuration.progress = false
        let report = try await Self.run(configuration)

        #expect(report.verification.passed)
        #expect(report.reconnect?.caughtUp == 10)
        #expect(report.reconnect?.replayedEvents == 10 * 100)
        #expect(report.reconnect?.snapshots == 0)
        #expect(report.reconnect?.catchUp.count == 10)
    }
}

@Suite struct MessageScannerTests {
    @Test func readsTopLevelFieldsAndSkipsNestedOnes() throws {
        let text = #"{"type":"event","list":"l1","seq":7,"opId":"abc.2.15.123456","changes":{"list":{"seq":99,"title":"a \"}"},"items":[{"seq":1}]},"completion":{"done":0}}"#
        let fields = try #require(MessageScanner.scan(Array(text.utf8)))
        #expect(fields.kind == .event)
        #expect(fields.seq == 7)
        let bytes = Array(text.utf8)
        let op = bytes.withUnsafeBufferPointer { MessageScanner.opIDFields($0, fields.opID!) }
        #expect(op?.writer == 2 && op?.number == 15 && op?.sentAt == 123456)
    }

    @Test(arguments: ["", "[1]", #"{"type":"#, #"{"seq":}"#])
    func rejectsMalformedMessages(_ text: String) {
        #expect(MessageScanner.scan(Array(text.utf8)) == nil)
    }
}
