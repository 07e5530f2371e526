/// Receives a replay's stored events in order, each straight from the store's buffer.
///
/// Why a sink rather than an array of payloads: a subscriber 10,000 events behind would
/// otherwise cost 10,000 allocations and two copies of every event before the first byte
/// is sent; the server's sink writes them into WebSocket frames as they are read.
public protocol ReplaySink {
    mutating func append(_ payload: UnsafeRawBufferPointer)
    /// Forgets what was appended: the log was not complete, a snapshot is sent instead.
    mutating func removeAll()
}
