import Foundation

/// A flag one side raises once and the other awaits, whichever comes first.
// @unchecked Sendable: `fired` and `waiter` are only touched under `lock`.
public final class OneShotSignal: @unchecked Sendable {
    public init() {}
    private let lock = NSLock()
    private var fired = false
    private var waiter: CheckedContinuation<Void, Never>?

    public func fire() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            fired = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock { () -> Bool in
                if fired { return true }
                waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
