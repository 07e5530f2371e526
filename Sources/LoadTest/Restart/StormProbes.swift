import Synchronization
import Foundation
import Glibc
import Transport
import WireProtocol

/// What a client that is not part of the herd sees while it reconnects: how long `/healthz`
/// and a new `login` take, and what the server spends meanwhile (CPU, peak memory).
///
/// Why from outside the bench's engine: the engine's own thread is busy with thousands of
/// connections during the storm, so a probe on it would time the tool, not the server. The
/// health probe has a thread of its own (a blocking socket); the logins run on the shared
/// client engine of `WebSocketConnection`, one at a time; the sampler reads `/proc`.
// @unchecked Sendable: the recorders and `stopped` are `Mutex`es; `loginTask` is set before the
// probes start and read after they stop; the rest is
// immutable.
final class StormProbes: @unchecked Sendable {
    struct Results: Sendable {
        var healthz: LatencySummary
        var healthzFailures: Int
        var login: LatencySummary
        var connectAndLogin: LatencySummary
        var loginFailures: [String: Int]
        var cpuSeconds: Double
        var peakCPUPercent: Double
        var peakResidentBytes: Int
    }

    let port: Int
    let url: String
    let username: String
    let password: String
    let pid: Int32
    private let stopped = Mutex(false)
    private let healthz = Mutex(LatencyRecorder())
    private let healthzFailures = Mutex(0)
    private let login = Mutex(LatencyRecorder())
    private let connectAndLogin = Mutex(LatencyRecorder())
    private let loginFailures = Mutex([String: Int]())
    private let usage = Mutex((first: ProcessSample?.none, last: ProcessSample?.none, peakPercent: 0.0))
    private let finished = DispatchGroup()
    private var loginTask: Task<Void, Never>?

    /// A `/healthz` every 20 ms, a new connection and `login` every 100 ms after the previous
    /// one ends, a `/proc` sample every 200 ms.
    init(port: Int, url: String, username: String, password: String, pid: Int32) {
        self.port = port
        self.url = url
        self.username = username
        self.password = password
        self.pid = pid
    }

    func start() {
        spawn("bench-healthz") { [self] in
            while !stopped.withLock({ $0 }) {
                let began = MonotonicClock.now()
                if HTTPProbe.status(port: port, path: "/healthz", timeout: 5) == 200 {
                    healthz.withLock { $0.record(nanoseconds: MonotonicClock.now() &- began) }
                } else {
                    healthzFailures.withLock { $0 += 1 }
                }
                usleep(20_000)
            }
        }
        spawn("bench-sampler") { [self] in
            var previous = (ProcessSampler.sample(pid), MonotonicClock.now())
            usage.withLock { $0.first = previous.0 }
            while !stopped.withLock({ $0 }) {
                usleep(200_000)
                let now = (ProcessSampler.sample(pid), MonotonicClock.now())
                guard let sample = now.0 else { break }
                let window = Double(now.1 &- previous.1) / 1e9
                let percent = previous.0.map { (sample.cpuSeconds - $0.cpuSeconds) / window * 100 } ?? 0
                usage.withLock {
                    $0.last = sample
                    $0.peakPercent = max($0.peakPercent, percent)
                }
                previous = now
            }
        }
        loginTask = Task { [self] in
            while !stopped.withLock({ $0 }) {
                await logInOnce()
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Stops the probes and returns what they saw.
    func stop() async -> Results {
        stopped.withLock { $0 = true }
        await loginTask?.value
        finished.wait()
        let usage = usage.withLock { $0 }
        let cpu = (usage.last?.cpuSeconds ?? 0) - (usage.first?.cpuSeconds ?? 0)
        return Results(
            healthz: healthz.withLock { $0.summary }, healthzFailures: healthzFailures.withLock { $0 },
            login: login.withLock { $0.summary }, connectAndLogin: connectAndLogin.withLock { $0.summary },
            loginFailures: loginFailures.withLock { $0 }, cpuSeconds: max(0, cpu), peakCPUPercent: usage.peakPercent,
            peakResidentBytes: ProcessSampler.peakResidentBytes(pid) ?? 0)
    }

    private func logInOnce() async {
        let began = MonotonicClock.now()
        do {
            let connection = try await WebSocketConnection.connect(url: url, timeout: .seconds(10))
            defer { connection.close() }
            let request = Request(ref: nil, body: .login(username: username, password: password))
            let sent = MonotonicClock.now()
            connection.send(.text(request.encoded()))
            while true {
                let reply = try JSONParser.parse(try await connection.receive(timeout: .seconds(10)).bytes)
                switch reply["type"]?.stringValue {
                case "authed":
                    let now = MonotonicClock.now()
                    login.withLock { $0.record(nanoseconds: now &- sent) }
                    connectAndLogin.withLock { $0.record(nanoseconds: now &- began) }
                    return
                case "error":
                    let code = reply["code"]?.stringValue ?? "?"
                    loginFailures.withLock { $0[code, default: 0] += 1 }
                    return
                default:
                    continue  // reminders and other notices
                }
            }
        } catch {
            loginFailures.withLock { $0["\(error)", default: 0] += 1 }
        }
    }

    private func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        finished.enter()
        let thread = Thread { [finished] in
            body()
            finished.leave()
        }
        thread.name = name
        thread.start()
    }
}
