import Foundation

/// A small pool of threads for the work that must not run on the lws service thread or the
/// store thread: scrypt takes ~100 ms by design.
///
/// At most `concurrency` hashes run at once. Waiting work is taken in turns per source
/// address (`FairQueue`), at most `capacity` in all and `perSourceCapacity` per source; past
/// that a request is refused (the caller answers `rateLimited`) rather than letting a burst
/// queue unbounded CPU work.
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

    init(name: String, concurrency: Int, capacity: Int = 256, perSourceCapacity: Int = 16) {
        shared = Shared(queue: FairQueue(capacity: capacity, perSourceCapacity: perSourceCapacity))
        self.name = name
        self.concurrency = concurrency
    }

    deinit { shared.stop() }

    /// Runs `work` on a worker, in `source`'s turn; `false` when the pool is full (in all, or
    /// for that source) or stopped.
    func run(source: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        guard let startThreads = shared.enqueue(work, from: source, concurrency: concurrency) else { return false }
        if startThreads {
            for index in 0..<concurrency {
                let thread = Thread { [shared] in shared.work() }
                thread.name = "\(name)-\(index)"
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
        private var stopping = false
        private var started = false

        init(queue: FairQueue<@Sendable () -> Void>) { self.queue = queue }

        /// Queues `work`: nil when refused, else whether the threads must be started now.
        func enqueue(_ work: @escaping @Sendable () -> Void, from source: String, concurrency: Int) -> Bool? {
            condition.lock()
            defer { condition.unlock() }
            guard !stopping, queue.enqueue(work, from: source) else { return nil }
            condition.signal()
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

        func work() {
            while true {
                condition.lock()
                while queue.isEmpty, !stopping { condition.wait() }
                let next = queue.dequeue()
                condition.unlock()
                guard let next else { return }  // stopping, and nothing left
                next()
            }
        }
    }
}
