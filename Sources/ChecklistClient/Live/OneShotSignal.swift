import Synchronization

/// A flag one side raises once and the other awaits, whichever comes first.
public final class OneShotSignal: Sendable {
    public init() {}
    private let state = Mutex((fired: false, waiter: CheckedContinuation<Void, Never>?.none))

    public func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
