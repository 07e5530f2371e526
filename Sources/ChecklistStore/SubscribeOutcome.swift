import ChecklistCore

/// How a subscriber catches up: the events it missed, or the whole checklist.
public enum SubscribeOutcome: Sendable {
    /// Exactly the events after `since`, as stored (encoded once when they happened).
    case replay(payloads: [[UInt8]], head: Int64)
    case snapshot(ChecklistSnapshot)
}

/// A checklist as one reader sees it.
public struct ChecklistSnapshot: Sendable {
    public var summary: ListSummary
    public var participants: [Participant]
    public var items: [ItemView]
}
