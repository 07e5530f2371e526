import Foundation
import Synchronization

/// A thread of the back end's own that takes a turn every `interval`, and at once when woken,
/// until stopped; then it finishes and `stop` returns. The event tail and the scheduling lock
/// each run on one, with a connection of their own, so neither ever blocks the store thread.
final class PollingThread: Sendable {
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stopping = Mutex(false)

    init(
        name: String, interval: TimeInterval, turn: @escaping @Sendable () -> Void,
        finish: @escaping @Sendable () -> Void
    ) {
        let thread = Thread { [self] in
            while !isStopping {
                turn()
                _ = wakeUp.wait(timeout: .now() + interval)
            }
            finish()
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Takes the next turn now.
    func wake() {
        wakeUp.signal()
    }

    /// Ends the loop after the turn under way and waits until it finished.
    func stop() {
        stopping.withLock { $0 = true }
        wakeUp.signal()
        finished.wait()
    }

    private var isStopping: Bool { stopping.withLock { $0 } }
}
