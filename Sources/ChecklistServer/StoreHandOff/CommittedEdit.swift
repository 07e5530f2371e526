import ChecklistStore

/// What the service thread needs of an edit's outcome, built on the store thread.
///
/// Why not the `EditOutcome` itself: its event is a graph of arrays and strings allocated on
/// the store thread, and freeing it on the service thread made glibc's `free` wait for the
/// store thread's malloc arena (a fifth of the service thread's time with 50 writers).
/// Here the event is reduced to its frame, and the graph is freed where it was made.
struct CommittedEdit: Sendable {
    var acknowledgement: Acknowledgement
    var delivery: EventDelivery?
    /// The coming reminder occurrences of the items the edit touched.
    var reminders: [ScheduledReminder] = []
}

extension CommittedEdit {
    /// Takes the outcome apart rather than copying it: this runs on the store thread for
    /// every edit.
    init(outcome: consuming EditOutcome) {
        switch consume outcome {
        case .applied(let applied):
            acknowledgement = applied.acknowledgement
            delivery = EventDelivery(applied)
            reminders = applied.reminders
        case .duplicate(let acknowledgement):
            self.acknowledgement = acknowledgement
            delivery = nil
        }
    }
}
