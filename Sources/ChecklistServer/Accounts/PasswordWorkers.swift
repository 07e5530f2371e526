import Foundation
import Glibc

/// A small pool of threads for the work that must not run on the lws service thread or the
/// store thread: scrypt takes ~100 ms by design.
///
/// Two lanes. The `concurrency` workers of the first lane take a source's job only while that
/// source has none running; the `extraWorkers` of the second lane, at a lower CPU priority,
/// take a source's second job. Waiting work is taken in turns per source address
/// (`FairQueue`), at most `capacity` in all and `perSourceCapacity` per source; past that a
/// request is refused (the caller answers `rateLimited`) rather than letting a burst queue
/// unbounded CPU work.
///
/// Why lanes: turns alone still let one address's burst hold every worker, so another
/// address's login waited for a whole hash to end before its own began, and then shared the
/// cores with the burst's hashes (a password spray delayed other logins by about a second on a
/// loaded two-core machine). With one job per source in the first lane, another address's job
/// always finds a first-lane worker free while fewer sources than workers are hashing, and the
/// burst's second hash yields the CPU to it. One source alone still gets two hashes at once.
///
/// Why `niceness`: the signup pool's hashes yield the cores to logins and to the service and
/// store threads when the machine is short of CPU (a signup flood), and use them when it is
/// not. Linux keeps the nice value per thread; a thread may raise its own without privileges.
///
/// Why threads of its own and not a dispatch queue: work that waits for a slot on a
/// concurrent dispatch queue holds one of the few threads dispatch gives such queues while it
/// waits, so a signup flood waiting for the signup pool's one slot could keep the login pool's
/// work from getting a thread at all. Here each pool's threads take work from their own queue
/// only (`Tests/python/test_password_fairness.py`). They start with the pool's first job and
/// end when the pool is stopped or released.
final class PasswordWorkers: Sendable {
    private let shared: Shared
    private let name: String
    private let concurrency: Int
    private let extraWorkers: Int
    private let niceness: Int32

    /// Extra workers run at `niceness` + `extraNiceness`.
    static let extraNiceness: Int32 = 10

    init(
        name: String, concurrency: Int, extraWorkers: Int = 0, niceness: Int32 = 0, capacity: Int = 256,
        perSourceCapacity: Int = 16
    ) {
        shared = Shared(queue: FairQueue(capacity: capacity, perSourceCapacity: perSourceCapacity))
        self.name = name
        self.concurrency = concurrency
        self.extraWorkers = extraWorkers
        self.niceness = niceness
    }

    deinit { shared.stop() }

    /// Runs `work` on a worker, in `source`'s turn; `false` when the pool is full (in all, or
    /// for that source) or stopped.
    func run(source: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        guard let startThreads = shared.enqueue(work, from: source) else { return false }
        if startThreads {
            for index in 0..<(concurrency + extraWorkers) {
                let extra = index >= concurrency
                let threadName = extra ? "\(name)-x\(index - concurrency)" : "\(name)-\(index)"
                let niceness = niceness + (extra ? Self.extraNiceness : 0)
                let thread = Thread { [shared] in
                    Thread.current.name = threadName  // the name `top -H` shows (set on the thread itself)
                    // `who` 0: this thread alone (Linux keeps the nice value per thread).
                    if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
                    shared.work(extraLane: extra)
                }
                thread.name = threadName
                thread.start()
            }
        }
        return true
    }

    /// Lets the workers finish what is queued, then exit. Later work is refused.
    func stop() { shared.stop() }

    /// Jobs waiting for a worker (not those running).
    var waiting: Int { shared.waiting }

    /// The queue and the workers' wake-ups, which the threads share with the pool.
    // @unchecked Sendable: every stored property is touched only while holding `condition`.
    private final class Shared: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: FairQueue<@Sendable () -> Void>
        /// Jobs running now, per source (sources with none are absent).
        private var running: [String: Int] = [:]
        private var stopping = false
        private var started = false

        init(queue: FairQueue<@Sendable () -> Void>) { self.queue = queue }

        /// Queues `work`: nil when refused, else whether the threads must be started now.
        func enqueue(_ work: @escaping @Sendable () -> Void, from source: String) -> Bool? {
            condition.lock()
            defer { condition.unlock() }
            guard !stopping, queue.enqueue(work, from: source) else { return nil }
            condition.broadcast()  // only a worker of the right lane can take it
            defer { started = true }
            return !started
        }

        var waiting: Int {
            condition.lock()
            defer { condition.unlock() }
            return queue.count
        }

        func stop() {
            condition.lock()
            stopping = true
            condition.broadcast()
            condition.unlock()
        }

        /// A first-lane worker takes the job of a source with none running; an extra one, the
        /// job of a source with one running already.
        func work(extraLane: Bool) {
            condition.lock()
            while true {
                let next = queue.dequeue(from: { [running] source in
                    (running[source, default: 0] > 0) == extraLane
                })
                guard let (source, job) = next else {
                    if stopping, queue.isEmpty {
                        condition.unlock()
                        return
                    }
                    // Nothing for this lane: new work or a finishing job wakes us.
                    condition.wait()
                    continue
                }
                running[source, default: 0] += 1
                condition.unlock()
                job()
                condition.lock()
                running[source] = running[source, default: 1] > 1 ? running[source, default: 1] - 1 : nil
                condition.broadcast()  // work held back for this source may run now
            }
        }
    }
}
