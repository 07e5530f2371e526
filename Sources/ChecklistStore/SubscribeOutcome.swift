import ChecklistCore

/// How a subscriber catches up: the events it missed, or the whole checklist.
public enum SubscribeOutcome: Sendable {
    /// Exactly the events after `since` up to `head` went into the `ReplaySink`, as stored
    /// (encoded once when they happened).
    case replay(count: Int, head: Int64)
    case snapshot(ChecklistSnapshot)
}

/// Receives a replay's stored events in order, each straight from SQLite's buffer.
///
/// Why a sink rather than an array of payloads: a subscriber 10,000 events behind would
/// otherwise cost 10,000 allocations and two copies of every event before the first byte
/// is sent; the server's sink writes them into WebSocket frames as they are read.
public protocol ReplaySink {
    mutating func append(_ payload: UnsafeRawBufferPointer)
    /// Forgets what was appended: the log was not complete, a snapshot is sent instead.
    mutating func removeAll()
}

/// A `ReplaySink` that keeps each payload as an array, for tools and tests.
public struct PayloadList: ReplaySink, Sendable {
    public private(set) var payloads: [[UInt8]] = []

    public init() {}

    public mutating func append(_ payload: UnsafeRawBufferPointer) { payloads.append(Array(payload)) }

    public mutating func removeAll() { payloads.removeAll() }
}

/// A checklist as one reader sees it.
public struct ChecklistSnapshot: Sendable {
    public var summary: ListSummary
    public var participants: [Participant]
    public var items: [ItemView]
}
