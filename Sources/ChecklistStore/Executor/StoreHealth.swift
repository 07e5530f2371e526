import Synchronization

/// Whether the database took the last write the store tried.
///
/// Why it exists: a database that can no longer be written (a lock held elsewhere, a
/// read-only or immutable file, a full disk, an I/O error) used to be served as healthy while
/// every edit failed. The store records the outcome of each batch; `/healthz` answers 503 with
/// the reason while the last one failed, and 200 again once one commits.
public enum StoreHealth: Hashable, Sendable {
    case writable
    /// The last write failed; `reason` says why, in words an operator can act on.
    case failing(reason: String)
}

/// The store's health, written by the store thread and read by any.
final class StoreHealthState: Sendable {
    private let current = Mutex(StoreHealth.writable)

    var value: StoreHealth { current.withLock { $0 } }

    /// Records `health`; returns it when it differs from what was recorded (a transition).
    func record(_ health: StoreHealth) -> StoreHealth? {
        current.withLock { current in
            guard current != health else { return nil }
            // A second, different failure while failing is not a new transition worth a log line.
            if case .failing = current, case .failing = health { current = health; return nil }
            current = health
            return health
        }
    }
}
