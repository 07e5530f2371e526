import ChecklistCore
import Dispatch

/// One pending wake-up: `schedule` replaces it; when it comes, `fire` runs (the wiring hands
/// it to the service thread). The reminder scheduler has one, and flow control another.
///
/// A dispatch timer on its own queue rather than an lws timer: the hub asks for the wake-up
/// while performing actions on the service thread, and the wake-up only posts a closure to
/// the service thread's inbox, so nothing waits on anything. One deadline is held at a time,
/// so a million scheduled reminders cost one timer.
///
/// `@unchecked Sendable`: `timer` is touched only on `queue`.
final class WakeUpTimer: @unchecked Sendable {
    private let queue: DispatchQueue
    private var timer: DispatchSourceTimer?
    private let fire: @Sendable () -> Void

    init(label: String, fire: @escaping @Sendable () -> Void) {
        queue = DispatchQueue(label: label)
        self.fire = fire
    }

    /// Wakes at `at` (at once when it is past); replaces the wake-up asked for before.
    func schedule(at: Timestamp, now: Timestamp) {
        schedule(inMilliseconds: Int(min(max(0, at.milliseconds - now.milliseconds), Int64(Int32.max))))
    }

    /// Wakes in `milliseconds`; replaces the wake-up asked for before.
    func schedule(inMilliseconds milliseconds: Int) {
        queue.async { [self] in
            timer?.cancel()
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(wallDeadline: .now() + .milliseconds(milliseconds), leeway: .milliseconds(5))
            source.setEventHandler { [fire] in fire() }
            timer = source
            source.resume()
        }
    }

    func cancel() {
        queue.sync {
            timer?.cancel()
            timer = nil
        }
    }
}
