import Synchronization
import Foundation
import Glibc

/// `reconnect` against a server the bench started (`--serve`): a restart for an upgrade,
/// under load.
///
/// The writers edit at `--rate` the whole time. After `restartAfter` seconds the server gets
/// SIGTERM (it drains and closes every connection with 1001); a new process starts on the same
/// database and port once the old one exited (and `downSeconds` passed). Every client comes back
/// by itself on the reconnect schedule of Checkwire's clients (`Backoff`): a subscriber
/// authenticates with its token and resubscribes with `since`, so the server replays what it
/// missed. Timed from the new server's first `/healthz` 200 to each subscriber's `subscribed`;
/// meanwhile a client outside the herd times `/healthz` and a new `login`, and the new server's
/// CPU and memory are sampled. The stream checks run throughout: a gap or a duplicate in any
/// subscriber's stream fails the run.
extension Run {
    /// What the restart itself measured, from the thread that carried it out.
    struct RestartOutcome: Sendable {
        var stopSeconds: Double
        /// When the old process was seen gone: a `subscribed` after it came from the new one.
        var exitedAt: UInt64
        var startSeconds: Double
        var healthyAt: UInt64?
        var pid: Int32
        var failure: String?
    }

    func restartStorm(_ server: ServedServer) async throws -> BenchReport.Restart {
        let began = MonotonicClock.now()
        let writeDeadline = hardDeadline
        await engine.perform { [budget = configuration.edits] engine in
            engine.reconnectsByItself = true
            engine.beginWriting(budget: budget, deadline: writeDeadline)
        }

        // Live editing before the restart.
        try await keepClientsGoing(since: began, until: began &+ UInt64(configuration.restartAfter * 1e9)) {
            "restart: live, \($0.counters.acked) edits acked, \($0.counters.deliveries) deliveries"
        }
        let stopAt = MonotonicClock.now()
        let restarted = try await restart(server, began: began)
        guard let healthyAt = restarted.healthyAt else {
            throw BenchRunner.Failure(description: "the server did not come back: \(restarted.failure ?? "?")")
        }
        let storm = try await storm(server, restarted: restarted, healthyAt: healthyAt, began: began)

        // A second of live editing on the new server, then the usual drain and checks.
        try await keepClientsGoing(since: began, until: MonotonicClock.now() &+ 1_000_000_000) {
            "restart: live again, \($0.counters.acked) edits acked"
        }
        await engine.perform { $0.stopWriting() }
        let settleLimit = MonotonicClock.now() &+ 10_000_000_000
        while await engine.perform({ $0.inFlight }) > 0, MonotonicClock.now() < settleLimit {
            try await Task.sleep(for: .milliseconds(5))
        }
        try await drain()
        return await report(restarted, healthyAt: healthyAt, stopAt: stopAt, storm: storm)
    }

    /// Stops the server and starts it again on a thread of its own (it blocks), while the
    /// clients go on; returns once that thread is done.
    private func restart(_ server: ServedServer, began: UInt64) async throws -> RestartOutcome {
        let outcome = Mutex<RestartOutcome?>(nil)
        let down = configuration.downSeconds
        let startLimit = MonotonicClock.now() &+ 120_000_000_000
        let restarter = Thread {
            let restarted = Self.restart(server, down: down, startLimit: startLimit)
            outcome.withLock { $0 = restarted }
        }
        restarter.name = "bench-restart"
        restarter.start()
        while true {
            try await keepClientsGoing(since: began, until: MonotonicClock.now() &+ 5_000_000) {
                "restart: server restarting, \($0.counters.retries) reconnect attempts so far"
            }
            if let restarted = outcome.withLock({ $0 }) { return restarted }
        }
    }

    /// SIGTERM, the exit, `down` seconds, a new process, its first `/healthz` 200. Blocks.
    private static func restart(_ server: ServedServer, down: Double, startLimit: UInt64) -> RestartOutcome {
        let stopSeconds = server.terminate()
        let exitedAt = MonotonicClock.now()
        if down > 0 { usleep(useconds_t(down * 1e6)) }
        let started = MonotonicClock.now()
        do {
            try server.start()
            let healthyAt = server.waitHealthy(deadline: startLimit)
            return RestartOutcome(
                stopSeconds: stopSeconds, exitedAt: exitedAt,
                startSeconds: healthyAt.map { Double($0 &- started) / 1e9 } ?? 0, healthyAt: healthyAt,
                pid: server.pid, failure: healthyAt == nil ? "no /healthz 200: \(server.logTail())" : nil)
        } catch {
            return RestartOutcome(
                stopSeconds: stopSeconds, exitedAt: exitedAt, startSeconds: 0, healthyAt: nil, pid: 0,
                failure: "\(error)")
        }
    }

    /// When the storm ended, and what the probes outside the herd measured meanwhile.
    struct StormOutcome: Sendable {
        var endedAt: UInt64
        var probed: StormProbes.Results
    }

    /// The storm: every subscriber comes back (or `stormTimeout` passes), while a client
    /// outside the herd probes `/healthz` and `login` and samples the new server.
    private func storm(
        _ server: ServedServer, restarted: RestartOutcome, healthyAt: UInt64, began: UInt64
    ) async throws -> StormOutcome {
        let count = configuration.subscribers
        let login = subscriberLogin ?? ("", "")
        let probes = StormProbes(
            port: server.port, url: server.url, username: login.username, password: login.password,
            pid: restarted.pid)
        probes.start()
        let stormLimit = healthyAt &+ UInt64(configuration.stormTimeout * 1e9)
        var back = 0
        while back < count, MonotonicClock.now() < stormLimit {
            try await keepClientsGoing(since: began, until: MonotonicClock.now() &+ 5_000_000) {
                let back = $0.caughtUp(after: restarted.exitedAt, measuredFrom: healthyAt).count
                return "restart: \(back) of \(count) subscribers back, \($0.counters.retries) reconnect attempts"
            }
            back = await engine.perform { $0.caughtUp(after: restarted.exitedAt, measuredFrom: healthyAt).count }
        }
        let endedAt = MonotonicClock.now()
        return StormOutcome(endedAt: endedAt, probed: await probes.stop())
    }

    private func report(
        _ restarted: RestartOutcome, healthyAt: UInt64, stopAt: UInt64, storm: StormOutcome
    ) async -> BenchReport.Restart {
        let count = configuration.subscribers
        let stormSeconds = Double(storm.endedAt &- healthyAt) / 1e9
        let probed = storm.probed
        return await engine.perform { engine in
            let (caughtUp, latency) = engine.caughtUp(after: restarted.exitedAt, measuredFrom: healthyAt)
            let checks = engine.perClientChecks
            return BenchReport.Restart(
                stopSeconds: restarted.stopSeconds, startSeconds: restarted.startSeconds,
                downSeconds: Double(healthyAt &- stopAt) / 1e9, subscribers: count, caughtUp: caughtUp,
                givenUp: count - caughtUp, timeToCaughtUp: latency.summary,
                stormSeconds: latency.count > 0 ? latency.summary.max / 1000 : stormSeconds,
                attempts: engine.counters.retries, mostAttempts: engine.mostAttempts,
                abandonedAttempts: engine.abandonedAttempts,
                firstRetryDelay: engine.firstRetryDelays.summary, clientsWithGaps: checks.gaps,
                clientsWithDuplicates: checks.duplicates, replayedEvents: engine.counters.replayed,
                snapshots: engine.counters.snapshots, healthz: probed.healthz, healthzFailures: probed.healthzFailures,
                login: probed.login, connectAndLogin: probed.connectAndLogin, loginFailures: probed.loginFailures,
                serverCPUSeconds: probed.cpuSeconds,
                serverCPUPercent: stormSeconds > 0 ? probed.cpuSeconds / stormSeconds * 100 : 0,
                serverPeakCPUPercent: probed.peakCPUPercent, serverPeakResidentBytes: probed.peakResidentBytes)
        }
    }

    /// Until `deadline`: sends the edits due at `--rate` (counted from `began`), opens the
    /// connections whose reconnect delay is over, and prints `line` once a second.
    private func keepClientsGoing(
        since began: UInt64, until deadline: UInt64, line: @escaping @Sendable (BenchEngine) -> String
    ) async throws {
        let rate = configuration.rate
        repeat {
            let due = rate.map { Int($0 * MonotonicClock.seconds(since: began)) + 1 } ?? 0
            let wantsLine = progressIsDue
            let text = await engine.perform { engine -> String? in
                if rate != nil { engine.sendDue(until: due) }
                engine.pumpRetries()
                return wantsLine ? line(engine) : nil
            }
            if let text { report(text) }
            try checkDeadline("restarting the server")
            try await Task.sleep(for: .milliseconds(2))
        } while MonotonicClock.now() < deadline
    }
}
