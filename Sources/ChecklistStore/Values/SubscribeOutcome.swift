import ChecklistCore

/// How a subscriber catches up: the events it missed, or the whole checklist.
public enum SubscribeOutcome: Sendable {
    /// Exactly the events after `since` up to `head` went into the `ReplaySink`, as stored
    /// (encoded once when they happened).
    case replay(count: Int, head: Int64)
    case snapshot(ChecklistSnapshot)
}
