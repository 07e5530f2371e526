import CoreMetrics
import Synchronization

/// Store replies on their way to the service thread, handed over a run at a time.
///
/// Why: a committed batch of a few hundred edits used to post one closure per reply to the
/// service loop. Each closure was allocated on the thread that released the batch, copied the
/// whole request into its context, and was freed on the service thread, which then took a
/// separate pass over the hub's actions for every reply. Now a reply is a plain value in an
/// array. The first reply posted into an empty mailbox asks for one drain, and that drain hands
/// every reply that arrived meanwhile to the hub, in the order they were posted.
///
/// Order: every reply the hub gets from the store goes through here, so the hub sees them in the
/// order the store released them (commit order), which it relies on for events' `seq` order.
/// Work posted to the service loop by other means (password results, timers, and the reads that
/// answer an HTTP request directly, `runOnStore`) was never ordered against these replies.
final class StoreReplyMailbox: Sendable {
    struct Reply {
        var response: StoreResponse
        /// Where the time from submission to this reply is recorded.
        var timing: CoreMetrics.Timer
        var submitted: ContinuousClock.Instant
    }

    private let pending = Mutex<[Reply]>([])

    /// Adds a reply (any thread). Returns `true` when the mailbox was empty, so the caller must
    /// schedule a drain; otherwise one is already scheduled and will take this reply too.
    func post(_ reply: Reply) -> Bool {
        pending.withLock { pending in
            pending.append(reply)
            return pending.count == 1
        }
    }

    /// Every reply posted so far, oldest first, leaving the mailbox empty (service thread).
    func takeAll() -> [Reply] {
        pending.withLock { pending in
            var taken: [Reply] = []
            swap(&taken, &pending)
            // The next run is likely as long as this one: one allocation instead of regrowing.
            pending.reserveCapacity(taken.count)
            return taken
        }
    }
}
