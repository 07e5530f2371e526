public import WireProtocol

/// What a `LiveList` reports after each change: the new state of everything, plus what
/// caused this update, so a screen can redraw and a log can print just the news.
public struct LiveUpdate: Sendable {
    public enum Cause: Sendable {
        case state
        /// A snapshot replaced the copy (first subscribe, or too far behind to replay).
        case snapshot(raw: JSONValue)
        /// An event was applied (live or replayed after a reconnect).
        case event(RemoteEvent, ChangeRecord)
        /// A reminder, or a checklist shared with the user (any checklist, not only this one).
        case notice(Notice)
        /// A reminder was dismissed or snoozed (here or on another device): the message as sent.
        case reminderHandled(raw: JSONValue)
        /// Connecting sent the offline queue: how many edits went through, and those refused.
        case queueSent(sent: Int, refused: [RefusedEdit])
    }

    public var cause: Cause
    public var state: LiveState
    public var view: ChecklistView?
    /// Most recent last; at most `LiveList.historyLimit`.
    public var changes: [ChangeRecord]
    /// The reminders still to act on (one per item, oldest first), then the last shares
    /// (`ReminderBoard`).
    public var notices: [Notice] = []
    /// Queued edits the server refused since watching began (they changed nothing).
    public var refused: [RefusedEdit] = []
    public var server: String
    public var username: String?

    public init(
        cause: Cause, state: LiveState, view: ChecklistView?, changes: [ChangeRecord], server: String, username: String?
    ) {
        self.cause = cause
        self.state = state
        self.view = view
        self.changes = changes
        self.server = server
        self.username = username
    }
}
