import Foundation
import Synchronization

/// A small bounded pool for the work that must not run on the lws service thread or the
/// store thread: scrypt takes ~100 ms by design.
///
/// At most `concurrency` hashes run at once and at most `capacity` wait; past that a
/// request is refused (the caller answers `rateLimited`) rather than letting a burst of
/// logins queue unbounded CPU work.
final class PasswordWorkers: Sendable {
    private let queue = DispatchQueue(label: "checkwire.passwords", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let waiting = Mutex(0)
    private let capacity: Int

    init(concurrency: Int, capacity: Int = 256) {
        slots = DispatchSemaphore(value: concurrency)
        self.capacity = capacity
    }

    /// Runs `work` on a worker; `false` when the pool is full.
    func run(_ work: @escaping @Sendable () -> Void) -> Bool {
        let admitted = waiting.withLock { waiting in
            guard waiting < capacity else { return false }
            waiting += 1
            return true
        }
        guard admitted else { return false }
        queue.async { [self] in
            slots.wait()
            work()
            slots.signal()
            waiting.withLock { $0 -= 1 }
        }
        return true
    }
}
