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
