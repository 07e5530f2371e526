import ChecklistStore
import Synchronization

/// Finds out that a shared database (PostgreSQL) answers again after it was unreachable, with
/// no request needed: while the store is failing, an empty batch is queued on each head check
/// (every 250 ms), one at a time; its commit makes the store writable again.
///
/// Why: the store learns its health only from batches. A server a load balancer stopped
/// sending requests to on its `/healthz` 503 would otherwise stay 503 after PostgreSQL came
/// back, and never be sent another request.
final class HealthProbe: Sendable {
    private let inFlight = Mutex(false)

    func probeIfFailing(_ store: some StoreBackend) {
        guard store.isShared, store.isOpen, case .failing = store.health else { return }
        let idle = inFlight.withLock { busy in
            if busy { return false }
            busy = true
            return true
        }
        guard idle else { return }
        store.submitInBackground({ _ in { [self] _ in finished() } }, abandoned: { [self] _ in finished() })
    }

    private func finished() {
        inFlight.withLock { $0 = false }
    }
}
