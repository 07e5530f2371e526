import Transport

/// What a new subscriber receives before it is live, already encoded on the store thread (a
/// large snapshot must not stall the service thread every other connection shares): the
/// missed events as logged, or one snapshot.
struct CatchUp: Sendable {
    /// A snapshot message, or the replayed events framed in a few chunks (`FrameBatch`).
    var frames: [OutboundFrame]
    var head: Int64
    /// Events replayed; 0 for a snapshot.
    var replayed: Int
}

/// Events a live subscriber had no room for, read back from the log once it drained (see
/// `LiveCatchUps`), framed on the store thread.
struct EventRange: Sendable {
    var frames: [OutboundFrame]
    /// The seq of the last event in `frames`.
    var last: Int64
    /// The checklist's head when they were read: caught up when `last` reaches it.
    var head: Int64
}
