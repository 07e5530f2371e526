import Foundation

/// A small bounded pool for the work that must not run on the lws service thread or the
/// store thread: scrypt takes ~100 ms by design.
///
/// At most `concurrency` hashes run at once and at most `capacity` wait; past that a
/// request is refused (the caller answers `rateLimited`) rather than letting a burst of
/// logins queue unbounded CPU work.
///
/// `@unchecked Sendable`: `waiting` is guarded by `lock`; the queue and semaphore are thread-safe.
final class PasswordWorkers: @unchecked Sendable {
    private let queue = DispatchQueue(label: "checkwire.passwords", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var waiting = 0
    private let capacity: Int

    init(concurrency: Int, capacity: Int = 256) {
        slots = DispatchSemaphore(value: concurrency)
        self.capacity = capacity
    }

    /// Runs `work` on a worker; `false` when the pool is full.
    func run(_ work: @escaping @Sendable () -> Void) -> Bool {
        lock.lock()
        guard waiting < capacity else {
            lock.unlock()
            return false
        }
        waiting += 1
        lock.unlock()
        queue.async { [self] in
            slots.wait()
            work()
            slots.signal()
            lock.lock()
            waiting -= 1
            lock.unlock()
        }
        return true
    }
}
