import Synchronization

/// Identifies one WebSocket connection for its whole life; never reused within a process.
///
/// Ids come from one process-wide counter shared by every server and client engine, so an id
/// seen in a log line names exactly one connection. lws's per-session data holds only this
/// 8-byte value; every Swift-side object for the connection lives in a dictionary keyed by it.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public var description: String { "conn#\(rawValue)" }

    /// The next unused id (any thread).
    static func next() -> ConnectionID {
        ConnectionID(
            rawValue: counter.withLock { value in
                value += 1
                return value
            })
    }

    private static let counter = Mutex<UInt64>(0)
}
