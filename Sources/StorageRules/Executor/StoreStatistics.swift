import Foundation

/// Counters the store thread bumps and the metrics endpoint reads; guarded by a lock.
final class StoreStatistics: @unchecked Sendable {
    private let lock = NSLock()
    private var batches = 0
    private var jobs = 0

    func add(batchSize: Int) {
        guard batchSize > 0 else { return }
        lock.lock()
        batches += 1
        jobs += batchSize
        lock.unlock()
    }

    func read() -> (batches: Int, jobs: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (batches, jobs)
    }
}
