import ChecklistStore
import Synchronization

/// The store's health, written by the store thread (and by the back end, for a permanent
/// failure) and read by any.
final class StoreHealthState: Sendable {
    private let current = Mutex((health: StoreHealth.writable, final: false))

    var value: StoreHealth { current.withLock { $0.health } }

    /// Records `health`; returns it when it differs from what was recorded (a transition).
    /// Nothing changes it after a permanent failure.
    func record(_ health: StoreHealth, final: Bool = false) -> StoreHealth? {
        current.withLock { current in
            guard !current.final else { return nil }
            current.final = final
            guard current.health != health else { return nil }
            // A second, different failure while failing is not a new transition worth a log line.
            if case .failing = current.health, case .failing = health {
                current.health = health
                return nil
            }
            current.health = health
            return health
        }
    }
}
