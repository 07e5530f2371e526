import ChecklistServer
import ChecklistStore
import Foundation
import LoadTest
import StoreFactory
import Testing
import Transport

/// A small, bounded fan-out run against an in-process server: the load tester's own checks
/// (exactly once, in order, nothing missing) and the report's fields. No performance
/// assertions: figures on a shared machine mean nothing in a test.
@Suite(.serialized)
struct BenchRunnerTests {
    /// Runs the bench against a fresh in-process server with its own SQLite file.
    static func run(_ configuration: BenchConfiguration) async throws -> BenchReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var serverConfiguration = ServerConfiguration()
        serverConfiguration.port = 0
        serverConfiguration.fastPasswordHashing = true
        let store = StoreConfiguration(database: directory.appendingPathComponent("bench.sqlite").path)
        let server = try ChecklistServer(configuration: serverConfiguration) { try openStore(store, encodeEvent: $0) }
        let port = try server.start()
        defer { server.stop() }
        var configuration = configuration
        configuration.target = .checkwire(url: "ws://127.0.0.1:\(port)/ws")
        return try await BenchRunner(configuration: configuration).run()
    }

    /// A bounded, quiet run of `scenario`: no progress lines, at most a minute.
    static func configuration(_ scenario: BenchConfiguration.Scenario) -> BenchConfiguration {
        var configuration = BenchConfiguration()
        configuration.scenario = scenario
        configuration.timeout = 240
        configuration.progress = false
        return configuration
    }

    /// Both client loops: `--client-event-loop epoll` must check and report the same.
    @Test(arguments: EventLoopBackend.allCases)
    func fanoutDeliversEveryEventOnceInOrder(clientLoop: EventLoopBackend) async throws {
        var configuration = Self.configuration(.fanout)
        configuration.eventLoop = clientLoop
        configuration.subscribers = 20
        configuration.writers = 2
        configuration.edits = 200
        configuration.window = 8
        configuration.duration = 30
        configuration.serverPIDs = [getpid()]
        let report = try await Self.run(configuration)

        #expect(report.verification.passed)
        #expect(report.verification.duplicatesOrReordered == 0)
        #expect(report.verification.gaps == 0)
        #expect(report.verification.missingAtEnd == 0)
        #expect(report.verification.subscribersNotLive == 0)
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
        var configuration = Self.configuration(.reconnect)
        configuration.subscribers = 10
        configuration.writers = 1
        configuration.behind = 100
        configuration.edits = 100
        let report = try await Self.run(configuration)

        #expect(report.verification.passed)
        #expect(report.reconnect?.caughtUp == 10)
        #expect(report.reconnect?.replayedEvents == 10 * 100)
        #expect(report.reconnect?.snapshots == 0)
        #expect(report.reconnect?.catchUp.count == 10)
    }
}

extension BenchRunnerTests {
    /// Writers go round-robin over the lists; each event reaches that list's subscribers only.
    @Test func listsDeliversEachListsEventsToItsOwnSubscribers() async throws {
        var configuration = Self.configuration(.lists)
        configuration.lists = 4
        configuration.subscribers = 12
        configuration.writers = 2
        configuration.edits = 80
        configuration.window = 4
        let report = try await Self.run(configuration)

        #expect(report.verification.passed)
        #expect(report.lists == 4)
        #expect(report.connections.live == 12)
        #expect(report.edits?.acked == 80)
        // 80 edits spread over 4 lists, each with 3 subscribers.
        #expect(report.deliveries?.count == 80 * 3)
        #expect(report.errors.isEmpty)
    }

    /// Connections held open without edits: the connect figures and, for a local server,
    /// memory per connection.
    @Test func idleHoldsEveryConnectionAndMeasuresMemory() async throws {
        var configuration = Self.configuration(.idle)
        configuration.subscribers = 40
        configuration.hold = 0.3
        configuration.serverPIDs = [getpid()]
        let report = try await Self.run(configuration)

        #expect(report.verification.passed)
        #expect(report.connections.live == 40)
        #expect(report.connections.failures == 0)
        #expect(report.connections.connect.count == 40)
        #expect(report.connections.connectsPerSecond > 0)
        #expect(report.edits == nil)
        #expect(report.server?.residentBytesPerConnection != nil)
        #expect(report.table.contains("idle"))
    }

    /// Non-readers subscribe, then stop reading: the readers' figures and checks leave them
    /// out, and the server keeps every one of them connected (a short run stays far below the
    /// bound that would close a stalled one).
    @Test func nonReadersAreLeftOutOfTheFiguresAndStayConnected() async throws {
        var configuration = Self.configuration(.fanout)
        configuration.subscribers = 20
        configuration.nonReaders = 4
        configuration.edits = 60
        configuration.window = 4
        let report = try await Self.run(configuration)

        #expect(report.nonReaders == 4)
        #expect(report.eventsReadByNonReaders == 0, "they stopped reading before the first edit")
        #expect(report.verification.passed)
        #expect(report.connections.live == 20)
        #expect(report.deliveries?.count == 16 * 60)
        #expect(report.deliveries?.latency.count == 16 * 60)
        #expect(report.closeCodes.isEmpty)
        #expect(report.table.contains("(4 not reading)"))
    }

    /// At a rate, writers send on a schedule rather than refilling a window.
    @Test func pacedFanoutSendsEveryEdit() async throws {
        var configuration = Self.configuration(.fanout)
        configuration.subscribers = 5
        configuration.rate = 100
        configuration.edits = 50
        let report = try await Self.run(configuration)

        #expect(report.verification.passed)
        #expect(report.rate == 100)
        #expect(report.edits?.acked == 50)
        #expect(report.deliveries?.count == 5 * 50)
        // 50 edits at 100/s take about half a second, not the instant a window would.
        #expect((report.edits?.seconds ?? 0) >= 0.4)
    }

    /// The nchan target against a real nginx + nchan: publishing over HTTP, subscribers over
    /// WebSocket, each writer's numbers checked on every channel.
    @Test(arguments: [1, 3])
    func nchanTargetChecksEveryWritersMessages(channels: Int) async throws {
        let nchan = try NchanServer.start()
        defer { nchan.stop() }
        var configuration = Self.configuration(channels == 1 ? .fanout : .lists)
        configuration.target = .nchan(subscribeBase: nchan.subscribeBase, publishBase: nchan.publishBase)
        configuration.lists = channels
        configuration.subscribers = 6
        configuration.writers = 2
        configuration.edits = 60
        configuration.window = 4
        configuration.messageSize = 300
        configuration.serverPIDs = [nchan.pid]
        let report = try await BenchRunner(configuration: configuration).run()

        #expect(report.target == "nchan")
        #expect(report.verification.passed)
        #expect(report.connections.live == 6)
        #expect(report.edits?.acked == 60)
        #expect(report.deliveries?.count == 60 * 6 / channels)
        #expect((report.deliveries?.averageMessageBytes ?? 0) >= 300)
        #expect(report.errors.isEmpty)
    }

    /// Subscribers that never got a stream cannot pass the check: the run says NO and why,
    /// rather than "verified" over nothing.
    @Test func subscribersThatNeverConnectFailTheCheck() async throws {
        var configuration = Self.configuration(.fanout)
        configuration.target = .nchan(subscribeBase: "ws://127.0.0.1:1/sub", publishBase: "http://127.0.0.1:1/pub")
        configuration.subscribers = 2
        configuration.edits = 3
        configuration.timeout = 30
        let report = try await BenchRunner(configuration: configuration).run()

        #expect(!report.verification.passed)
        #expect(report.verification.subscribersNotLive == 2)
        #expect(report.connections.failures == 2)
        #expect(!report.errors.isEmpty)
        #expect(report.table.contains("NO:") && report.table.contains("2 subscribers not live at the end"))
    }
}

@Suite struct MessageScannerTests {
    @Test func readsTopLevelFieldsAndSkipsNestedOnes() throws {
        let text =
            #"{"type":"event","list":"l1","seq":7,"opId":"abc.00000000000000123456.2.15","changes":{"list":{"seq":99,"title":"a \"}"},"items":[{"seq":1}]},"completion":{"done":0}}"#
        let fields = try #require(MessageScanner.scan(Array(text.utf8)))
        #expect(fields.kind == .event)
        #expect(fields.seq == 7)
        let bytes = Array(text.utf8)
        let op = bytes.withUnsafeBufferPointer { MessageScanner.opIDFields($0, fields.opID!) }
        #expect(op?.writer == 2 && op?.number == 15 && op?.sentAt == 123456)
    }

    @Test(arguments: OpID.Order.allCases)
    func opIDsCarryWriterNumberAndSendTime(_ order: OpID.Order) {
        let text = OpID.make(
            order: order, prefix: OpID.runPrefix(tag: "t1", unixMilliseconds: 1_764_000_000_000), writer: 3, number: 41,
            sentAt: 987_654_321, random: 0xabc)
        let bytes = Array(text.utf8)
        let op = bytes.withUnsafeBufferPointer { MessageScanner.opIDFields($0, 0..<bytes.count) }
        #expect(op?.writer == 3 && op?.number == 41 && op?.sentAt == 987_654_321)
        #expect(text.utf8.count <= 64)
    }

    /// The point of `.timeOrdered`: a later send sorts later, also across a digit boundary and
    /// across writers, so the server's opId index grows at one end.
    @Test func timeOrderedOpIDsSortBySendTime() {
        let run = OpID.runPrefix(tag: "zz", unixMilliseconds: 999)
        let setup = OpID.setup(prefix: run, "list.0")
        let earlier = OpID.make(order: .timeOrdered, prefix: run, writer: 9, number: 999, sentAt: 999, random: 0)
        let later = OpID.make(order: .timeOrdered, prefix: run, writer: 1, number: 1000, sentAt: 1000, random: 0)
        #expect(setup < earlier && earlier < later)
        // A later run (a later start, whatever its tag) sorts after this one.
        let nextRun = OpID.runPrefix(tag: "aa", unixMilliseconds: 1000)
        #expect(later < OpID.setup(prefix: nextRun, "list.0"))
        let first = OpID.make(order: .random, prefix: run, writer: 1, number: 1, sentAt: 5, random: 0xff)
        #expect(first.hasPrefix("00000000000000ff."))
    }

    @Test(arguments: ["", "[1]", #"{"type":"#, #"{"seq":}"#])
    func rejectsMalformedMessages(_ text: String) {
        #expect(MessageScanner.scan(Array(text.utf8)) == nil)
    }
}
