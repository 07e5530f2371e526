/// Names one stream of live frames a connection may receive (for a checklist server, one
/// checklist's events), so the transport can refuse a stream's frames for one connection
/// without knowing what they are.
///
/// Why: a frame refused to a connection must take every later frame of the same stream with
/// it until the delegate has sent the missing ones some other way, or the reader would see a
/// gap followed by later frames. The transport keeps that rule per stream; the delegate picks
/// the numbers (see `WebSocketServer.broadcast(_:to:stream:refused:)`).
public struct StreamID: Hashable, Sendable {
    public var value: UInt64

    public init(_ value: UInt64) {
        self.value = value
    }
}
