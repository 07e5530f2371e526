import ChecklistCore
import Dispatch

/// The one timer behind the reminder scheduler: `schedule(at:)` replaces the pending
/// wake-up; when it comes, `fire` runs (the wiring hands it to the service thread).
///
/// A dispatch timer on its own queue rather than an lws timer: the hub asks for the wake-up
/// while performing actions on the service thread, and the wake-up only posts a closure to
/// the service thread's inbox, so nothing waits on anything. One wall-clock deadline is
/// held at a time, so a million scheduled reminders cost one timer.
///
/// `@unchecked Sendable`: `timer` is touched only on `queue`.
final class ReminderWakeUp: @unchecked Sendable {
    private let queue = DispatchQueue(label: "checkwire.reminders.wakeup")
    private var timer: DispatchSourceTimer?
    private let fire: @Sendable () -> Void

    init(fire: @escaping @Sendable () -> Void) {
        self.fire = fire
    }

    /// Wakes at `at` (at once when it is past); replaces the wake-up asked for before.
    func schedule(at: Timestamp, now: Timestamp) {
        let delayMilliseconds = Int(min(max(0, at.milliseconds - now.milliseconds), Int64(Int32.max)))
        queue.async { [self] in
            timer?.cancel()
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(wallDeadline: .now() + .milliseconds(delayMilliseconds), leeway: .milliseconds(5))
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
