import Glibc

/// A value guarded by a pthread mutex.
///
/// Used instead of `Synchronization.Mutex` because the main package still declares macOS 14,
/// where `Mutex` is unavailable; on Linux the cost is the same uncontended futex.
// @unchecked Sendable: `value` is only read or written inside `withLock`, under `mutex`.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
