import Synchronization

/// Counters the store thread bumps and the metrics endpoint reads.
final class StoreStatistics: Sendable {
    private let counts = Mutex((batches: 0, jobs: 0))

    func add(batchSize: Int) {
        guard batchSize > 0 else { return }
        counts.withLock { counts in
            counts.batches += 1
            counts.jobs += batchSize
        }
    }

    func read() -> (batches: Int, jobs: Int) {
        counts.withLock { $0 }
    }
}
