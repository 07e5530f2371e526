import Synchronization
import Foundation
import Transport

/// Runs one scenario end to end: setup, ramp, the measured phase, drain, report.
///
/// For example:
/// ```swift
/// var configuration = BenchConfiguration()
/// configuration.target = .checkwire(url: "ws://127.0.0.1:8080/ws")
/// configuration.subscribers = 1000
/// let report = try await BenchRunner(configuration: configuration).run { print($0) }
/// print(report.table)
/// ```
public struct BenchRunner: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let configuration: BenchConfiguration

    public init(configuration: BenchConfiguration) {
        self.configuration = configuration
    }

    /// - Parameter progress: called about once a second with a one-line status.
    public func run(progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> BenchReport {
        if let problem = configuration.validate() { throw Failure(description: problem) }
        FileLimit.raiseToHardLimit()
        var configuration = configuration
        var served: ServedServer?
        if let binary = configuration.serveBinary {
            let server = try ServedServer(binary: binary)
            do { try server.start() } catch {
                server.remove()
                throw error
            }
            configuration.target = .checkwire(url: server.url)
            configuration.serverPIDs = [server.pid]
            served = server
        }
        defer { served?.remove() }
        let run = Run(configuration: configuration, served: served, progress: progress)
        do {
            let report = try await run.execute()
            await run.finish()
            return report
        } catch {
            await run.finish()
            throw error
        }
    }
}

/// One run's moving parts; `execute` is the script.
final class Run: @unchecked Sendable {
    // @unchecked Sendable: used from one task at a time (the runner's), the engine's state is
    // reached only through `engine.perform`.
    let configuration: BenchConfiguration
    let progress: @Sendable (String) -> Void
    let tag: String
    let engine: BenchEngine
    var setup: SetupClient?
    var publisher: NchanPublisher?
    /// The server the bench started (`--serve`), which `reconnect` restarts.
    let served: ServedServer?
    /// The subscribers' account, for the storm's login probe.
    var subscriberLogin: (username: String, password: String)?
    let startedAt = MonotonicClock.now()
    var lastProgressAt: UInt64 = 0

    init(
        configuration: BenchConfiguration, served: ServedServer? = nil, progress: @escaping @Sendable (String) -> Void
    ) {
        self.configuration = configuration
        self.served = served
        self.progress = progress
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        tag = String((0..<6).map { _ in alphabet.randomElement()! })
        engine = BenchEngine(configuration: configuration, tag: tag)
    }

    var hardDeadline: UInt64 { startedAt &+ UInt64(configuration.timeout * 1e9) }

    func finish() async {
        engine.stop()
        setup?.close()
    }

    func execute() async throws -> BenchReport {
        let lists = configuration.effectiveLists
        try await prepare(lists: lists)
        try engine.start()
        let subscriberCount = configuration.subscribers
        await engine.perform { $0.addSubscribers(subscriberCount, lists: lists) }

        let serverBefore = ProcessSampler.sample(configuration.serverPIDs)
        let rampSeconds = try await ramp()
        var report = await baseReport(rampSeconds: rampSeconds)

        var cpuWindow: (server: ProcessSample?, client: Double)?
        switch configuration.scenario {
        case .idle:
            try await sleep(seconds: configuration.hold)
        case .fanout, .lists:
            try await openWriters()
            cpuWindow = (ProcessSampler.sample(configuration.serverPIDs), ProcessSampler.ownCPUSeconds())
            try await write(budget: configuration.edits, duration: configuration.duration)
            try await drain()
        case .reconnect:
            try await openWriters()
            if let served {
                report.restart = try await restartStorm(served)
            } else {
                report.reconnect = try await reconnectStorm()
            }
        }
        let serverAfter = ProcessSampler.sample(configuration.serverPIDs)
        try await complete(&report, cpuWindow: cpuWindow, serverBefore: serverBefore, serverAfter: serverAfter)
        return report
    }

    // MARK: - Phases

    private func prepare(lists: Int) async throws {
        switch configuration.target {
        case .checkwire(let url):
            let setup = try await SetupClient.connect(url: url)
            self.setup = setup
            let accounts = try await setup.accounts(
                tag: tag, username: configuration.username, password: configuration.password)
            let viewer = configuration.username == nil ? "bench-\(tag)-v" : nil
            let itemsPerList = configuration.scenario == .idle ? 1 : min(configuration.writers, 4)
            let created = try await setup.lists(
                count: lists, existing: configuration.listIDs, itemsPerList: itemsPerList, viewer: viewer, tag: tag,
                opIDPrefix: engine.opIDPrefix
            )
            engine.listIDs = created.ids
            engine.listItems = created.items
            engine.listHeads = created.heads
            engine.ownerToken = accounts.ownerToken
            engine.subscriberToken = accounts.subscriberToken
            subscriberLogin = accounts.subscriberLogin
        case .nchan(_, let publishBase):
            engine.listHeads = Array(repeating: 0, count: lists)
            publisher = try NchanPublisher(
                publishBase: publishBase, channels: (0..<lists).map(engine.channelName), configuration: configuration
            )
        }
    }

    /// Opens every subscriber; returns the seconds until the last one was live (or failed).
    private func ramp() async throws -> Double {
        let target = configuration.subscribers
        let began = MonotonicClock.now()
        await engine.perform { $0.beginRamp(to: target) }
        while true {
            let (settled, line) = await engine.perform { engine -> (Int, String) in
                engine.pumpRamp()
                let c = engine.counters
                let settled = engine.subscribers.count(where: {
                    $0.phase == .live || $0.phase == .failed || $0.phase == .closed
                })
                return (
                    settled,
                    "ramp: \(engine.rampStarted) started, \(c.connected) connected, \(c.live) live, \(c.connectFailures) failed"
                )
            }
            report(line)
            if settled >= target { break }
            try checkDeadline("ramping \(target) connections")
            try await Task.sleep(for: .milliseconds(10))
        }
        return MonotonicClock.seconds(since: began)
    }

    func openWriters() async throws {
        guard case .checkwire = configuration.target else { return }
        let count = configuration.writers
        await engine.perform { $0.openWriters(count) }
        let deadline = MonotonicClock.now() &+ 15_000_000_000
        while await engine.perform({ $0.readyWriters }) < count {
            guard MonotonicClock.now() < deadline else {
                throw BenchRunner.Failure(description: "writers did not authenticate within 15 s")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The measured write phase: `budget` edits at most, for `duration` seconds at most.
    private func write(budget: Int, duration: Double) async throws {
        let began = MonotonicClock.now()
        let deadline = began &+ UInt64(duration * 1e9)
        let waitLimit = deadline &+ UInt64(configuration.drainTimeout * 1e9)
        if let publisher {
            await engine.perform { $0.measuring = true }
            publisher.start(budget: budget, deadline: deadline)
            let finished = Mutex(false)
            Task {
                await publisher.wait()
                finished.withLock { $0 = true }
            }
            while !finished.withLock({ $0 }) {
                let totals = publisher.totals
                let line = await engine.perform { engine in
                    engine.firstSendAt = totals.firstSendAt
                    return engine.progressLine(sent: totals.sent, acked: totals.acked)
                }
                report(line)
                try checkDeadline("publishing")
                try await Task.sleep(for: .milliseconds(50))
            }
            return
        }
        await engine.perform { $0.beginWriting(budget: budget, deadline: deadline) }
        let rate = configuration.rate
        while true {
            let elapsed = MonotonicClock.seconds(since: began)
            let due = rate.map { Int($0 * elapsed) + 1 } ?? 0
            let wantsLine = progressIsDue
            let (done, line) = await engine.perform { engine -> (Bool, String?) in
                if rate != nil, MonotonicClock.now() < deadline { engine.sendDue(until: due) }
                let c = engine.counters
                let stopped = c.sent >= budget || MonotonicClock.now() >= deadline
                return (
                    stopped && engine.inFlight == 0, wantsLine ? engine.progressLine(sent: c.sent, acked: c.acked) : nil
                )
            }
            if let line { report(line) }
            if done || MonotonicClock.now() > waitLimit { break }
            try checkDeadline("writing")
            try await Task.sleep(
                for: rate.map { Self.pacingPause(rate: $0, due: due, elapsed: MonotonicClock.seconds(since: began)) }
                    ?? .milliseconds(20))
        }
        await engine.perform { $0.stopWriting() }
    }

    /// Waits until every live subscriber has every acknowledged event (or the drain timeout).
    func drain() async throws {
        let limit = MonotonicClock.now() &+ UInt64(configuration.drainTimeout * 1e9)
        let published = publisher?.totals.published ?? []
        while true {
            let (owed, line) = await engine.perform { engine -> (Int, String) in
                (
                    engine.outstandingDeliveries(published: published),
                    engine.progressLine(sent: engine.counters.sent, acked: engine.counters.acked)
                )
            }
            report(line + (owed > 0 ? " | draining \(owed)" : ""))
            if owed == 0 || MonotonicClock.now() > limit { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Drops every subscriber, writes `behind` edits, reconnects all at once and waits until
    /// each has replayed what it missed; writers go on at `rate` (if given) meanwhile.
    private func reconnectStorm() async throws -> BenchReport.Reconnect {
        let count = configuration.subscribers
        await engine.perform { $0.dropSubscribers() }
        while await engine.perform({ $0.counters.intentionalCloses }) < count {
            try checkDeadline("dropping subscribers")
            try await Task.sleep(for: .milliseconds(10))
        }
        report("reconnect: \(count) dropped; writing \(configuration.behind) edits")
        let savedRate = configuration.rate
        try await writeUnpaced(budget: configuration.behind)
        let began = MonotonicClock.now()
        await engine.perform { $0.reconnectAll() }
        let remaining = max(0, configuration.edits - configuration.behind)
        if let savedRate, remaining > 0 {
            // Writers continue during the storm.
            let deadline = began &+ UInt64(configuration.duration * 1e9)
            await engine.perform { $0.beginWriting(budget: $0.counters.sent + remaining, deadline: deadline) }
            _ = savedRate
        }
        let paceBegan = MonotonicClock.now()
        let startSent = await engine.perform { $0.counters.sent }
        while true {
            let elapsed = MonotonicClock.seconds(since: paceBegan)
            let paced = savedRate.map { Int($0 * elapsed) + 1 } ?? 0
            let due = startSent + paced
            let (caughtUp, line) = await engine.perform { engine -> (Int, String) in
                if savedRate != nil { engine.sendDue(until: due) }
                let c = engine.counters
                return (
                    c.caughtUp, "reconnect: \(c.connected) connects, \(c.caughtUp) caught up, \(c.replayed) replayed"
                )
            }
            report(line)
            if caughtUp >= count { break }
            if MonotonicClock.seconds(since: began) > configuration.drainTimeout * 4 { break }
            try checkDeadline("reconnecting")
            // Catch-up is timed on the engine's thread, so a coarser pause here costs it nothing.
            try await Task.sleep(
                for: savedRate.map {
                    Self.pacingPause(rate: $0, due: paced, elapsed: MonotonicClock.seconds(since: paceBegan))
                } ?? .milliseconds(5))
        }
        await engine.perform { $0.stopWriting() }
        while await engine.perform({ $0.inFlight }) > 0,
            MonotonicClock.seconds(since: began) < configuration.drainTimeout * 4
        {
            try await Task.sleep(for: .milliseconds(5))
        }
        try await drain()
        return await engine.perform { engine in
            BenchReport.Reconnect(
                behind: engine.configuration.behind, caughtUp: engine.counters.caughtUp,
                replayedEvents: engine.counters.replayed, snapshots: engine.counters.snapshots,
                catchUp: engine.catchUpLatency.summary
            )
        }
    }

    /// Sends `budget` more edits as fast as acks allow and waits for every ack.
    private func writeUnpaced(budget: Int) async throws {
        let deadline = MonotonicClock.now() &+ UInt64(configuration.timeout * 1e9)
        await engine.perform { engine in
            engine.measuring = false
            engine.editBudget = engine.counters.sent + budget
            engine.writeDeadline = deadline
            engine.writing = true
            engine.paced = false
            engine.fillAll()
        }
        while true {
            let (done, line) = await engine.perform { engine -> (Bool, String) in
                (
                    engine.counters.sent >= engine.editBudget && engine.inFlight == 0,
                    "reconnect: writing while disconnected, \(engine.counters.acked) acked"
                )
            }
            report(line)
            if done { break }
            try checkDeadline("writing while subscribers are away")
            try await Task.sleep(for: .milliseconds(10))
        }
        await engine.perform { engine in
            engine.writing = false
            engine.measuring = true
        }
    }

    // MARK: - Report

    private func baseReport(rampSeconds: Double) async -> BenchReport {
        let configuration = configuration
        return await engine.perform { engine in
            let c = engine.counters
            return BenchReport(
                target: configuration.target.name, scenario: configuration.scenario.rawValue,
                subscribers: configuration.subscribers,
                nonReaders: configuration.nonReaders > 0 ? configuration.nonReaders : nil,
                writers: configuration.writers,
                lists: configuration.effectiveLists, rate: configuration.rate, window: configuration.window,
                connections: .init(
                    requested: configuration.subscribers, connected: c.connected, live: c.live,
                    failures: c.connectFailures,
                    rampSeconds: rampSeconds,
                    connectsPerSecond: rampSeconds > 0 ? Double(c.connected) / rampSeconds : 0,
                    connect: engine.connectLatency.summary, subscribe: engine.subscribeLatency.summary
                ),
                edits: nil, deliveries: nil, reconnect: nil,
                verification: .init(
                    duplicatesOrReordered: 0, gaps: 0, missingAtEnd: 0, unparsable: 0, subscribersNotLive: 0,
                    passed: true),
                errors: [:], closeCodes: [:], server: nil, clientCPUSeconds: 0, elapsedSeconds: 0
            )
        }
    }

    private func complete(
        _ report: inout BenchReport, cpuWindow: (server: ProcessSample?, client: Double)?,
        serverBefore: ProcessSample?, serverAfter: ProcessSample?
    ) async throws {
        let published = publisher?.totals.published ?? []
        let publisherTotals = publisher?.totals
        let publisherLatency = publisher?.ackLatency
        let scenario = configuration.scenario
        let snapshot = await engine.perform { engine in
            EngineSnapshot(
                counters: engine.counters, missing: engine.outstandingDeliveries(published: published),
                delivery: engine.deliveryLatency.summary, ack: engine.ackLatency.summary,
                nodeLatency: engine.nodeURLs.count > 1
                    ? (engine.nodeLatency.sameNode.summary, engine.nodeLatency.crossNode.summary) : nil,
                nodes: engine.nodeSpread,
                firstSendAt: engine.firstSendAt, lastDeliveryAt: engine.lastDeliveryAt, lastAckAt: engine.lastAckAt,
                errors: engine.errorCodes, closeCodes: engine.closeCodes, live: engine.counters.live
            )
        }
        let c = snapshot.counters
        let firstSend = publisherTotals?.firstSendAt ?? snapshot.firstSendAt
        let seconds =
            firstSend > 0 && snapshot.lastDeliveryAt > firstSend ? Double(snapshot.lastDeliveryAt - firstSend) / 1e9 : 0
        if scenario != .idle {
            let sent = publisherTotals?.sent ?? c.sent
            let acked = publisherTotals?.acked ?? c.acked
            let errors = publisherTotals?.errors ?? c.opErrors
            // Acks per second over first edit → last ack (deliveries may go on after it).
            let lastAck = publisherTotals?.lastAckAt ?? snapshot.lastAckAt
            let ackSeconds = firstSend > 0 && lastAck > firstSend ? Double(lastAck - firstSend) / 1e9 : 0
            report.edits = .init(
                sent: sent, acked: acked, errors: errors, seconds: ackSeconds,
                acksPerSecond: ackSeconds > 0 ? Double(acked) / ackSeconds : 0,
                ack: publisherLatency?.summary ?? snapshot.ack
            )
            report.deliveries = .init(
                count: c.deliveries, perSecond: seconds > 0 ? Double(c.deliveries) / seconds : 0,
                averageMessageBytes: c.deliveries > 0 ? c.deliveredBytes / c.deliveries : 0, latency: snapshot.delivery,
                sameNode: snapshot.nodeLatency?.same, crossNode: snapshot.nodeLatency?.cross
            )
        }
        report.connections.live = snapshot.live
        report.nodes = snapshot.nodes
        report.verification = .init(
            duplicatesOrReordered: c.duplicates, gaps: c.gaps, missingAtEnd: snapshot.missing, unparsable: c.unparsable,
            subscribersNotLive: max(0, configuration.subscribers - snapshot.live),
            passed: c.duplicates == 0 && c.gaps == 0 && snapshot.missing == 0 && c.unparsable == 0
                && snapshot.live == configuration.subscribers
        )
        var errors = snapshot.errors
        for (key, value) in publisherTotals?.errorCodes ?? [:] { errors[key, default: 0] += value }
        report.errors = errors
        report.closeCodes = snapshot.closeCodes
        if configuration.nonReaders > 0 { report.eventsReadByNonReaders = c.eventsToNonReaders }
        if let serverBefore, let serverAfter {
            let cpu =
                cpuWindow?.server.map { serverAfter.cpuSeconds - $0.cpuSeconds }
                ?? (serverAfter.cpuSeconds - serverBefore.cpuSeconds)
            report.server = .init(
                pids: configuration.serverPIDs, cpuSeconds: cpu,
                cpuMicrosecondsPerDelivery: c.deliveries > 0 && cpuWindow != nil
                    ? cpu / Double(c.deliveries) * 1e6 : nil,
                residentBytesBefore: serverBefore.residentBytes, residentBytesAfter: serverAfter.residentBytes,
                residentBytesPerConnection: scenario == .idle && snapshot.live > 0
                    ? Double(serverAfter.residentBytes - serverBefore.residentBytes) / Double(snapshot.live) : nil
            )
        }
        report.clientCPUSeconds = ProcessSampler.ownCPUSeconds() - (cpuWindow?.client ?? 0)
        report.elapsedSeconds = MonotonicClock.seconds(since: startedAt)
    }

    // MARK: - Helpers

    /// Whether `report` would print now (so the line need not be built when it would not).
    var progressIsDue: Bool {
        configuration.progress && MonotonicClock.now() &- lastProgressAt >= 1_000_000_000
    }

    /// How long a paced loop pauses: until the next edit is due (edit number `due` + 1 at
    /// `due / rate` seconds into the phase, now `elapsed` seconds in), at least 1 ms and at
    /// most 20 ms.
    ///
    /// Why not a fixed 1 ms: each turn wakes the engine's thread and a task, which cost the
    /// load tester ~0.2 of a core at 50 edits/s, CPU taken from the server on a shared
    /// machine. Latency is measured from each edit's actual send time, so this does not
    /// change what is measured; it only sends each edit closer to when it is due.
    static func pacingPause(rate: Double, due: Int, elapsed: Double) -> Duration {
        let wait = Double(due) / rate - elapsed
        return .microseconds(Int64((min(max(wait, 0.001), 0.020) * 1e6).rounded()))
    }

    func report(_ line: String) {
        guard configuration.progress else { return }
        let now = MonotonicClock.now()
        guard now &- lastProgressAt >= 1_000_000_000 else { return }
        lastProgressAt = now
        progress(String(format: "[%6.1fs] ", MonotonicClock.seconds(since: startedAt)) + line)
    }

    func checkDeadline(_ doing: String) throws {
        if MonotonicClock.now() > hardDeadline {
            throw BenchRunner.Failure(
                description: "gave up \(doing): the run exceeded --timeout \(configuration.timeout) s")
        }
    }

    private func sleep(seconds: Double) async throws {
        let end = MonotonicClock.now() &+ UInt64(seconds * 1e9)
        while MonotonicClock.now() < end {
            let line = await engine.perform { "idle: \($0.counters.live) connections held" }
            report(line)
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

struct EngineSnapshot: Sendable {
    var counters: BenchCounters
    var missing: Int
    var delivery: LatencySummary
    var ack: LatencySummary
    var nodeLatency: (same: LatencySummary, cross: LatencySummary)?
    var nodes: [BenchReport.Node]?
    var firstSendAt: UInt64
    var lastDeliveryAt: UInt64
    var lastAckAt: UInt64
    var errors: [String: Int]
    var closeCodes: [String: Int]
    var live: Int
}

extension BenchEngine {
    func progressLine(sent: Int, acked: Int) -> String {
        let c = counters
        let seconds = firstSendAt > 0 ? MonotonicClock.seconds(since: firstSendAt) : 0
        let perSecond = seconds > 0 ? Double(c.deliveries) / seconds : 0
        return
            "live \(c.live)/\(subscribers.count) | edits \(sent) sent \(acked) acked | \(c.deliveries) deliveries (\(Int(perSecond))/s avg) | errors \(c.errors + c.connectFailures)"
    }

    func fillAll() {
        for index in writers.indices { fillWriter(index) }
    }
}
