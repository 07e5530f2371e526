import DequeModule
import Dispatch

/// The Swift-side state of one open server connection. Service-thread confined.
///
/// lws only knows the connection's id (in its per-session data); this object, kept in the
/// server's dictionary, holds the outbound queue, the reassembly buffer and any pending close.
final class ServerSession {
    let id: ConnectionID
    /// lws's handle (`struct lws *`); valid until LWS_CALLBACK_CLOSED removes the session.
    let wsi: OpaquePointer
    var queue = FrameQueue()
    /// Payload bytes in `queue` (the frame lws is currently draining is no longer counted).
    var unsentBytes = 0
    /// Bytes of requested bursts (see `WebSocketServer.send(_:to:requested:)`) still queued:
    /// they may exceed `maxUnsentBytes` and are used up as the queue drains.
    var requestedAllowance = 0
    /// More than `behindBytes` are queued beyond `requestedAllowance` (until fewer than
    /// `caughtUpBytes` are; see `WebSocketServerConfiguration.behindBytes`); `reportedBehind`
    /// is what the delegate was last told.
    var isBehind = false
    var reportedBehind = false
    /// Streams whose frames this connection refuses until the delegate resumes them (see
    /// `WebSocketServer.broadcast(_:to:stream:refused:)`). Usually empty; a handful at most.
    var refusedStreams: [StreamID] = []
    /// The delegate asked to hear when the queue is down to `caughtUpBytes`
    /// (`watchDrain(of:)`); cleared when it is told.
    var watchesDrain = false
    /// When the peer last showed it reads (uptime nanoseconds), as the once-a-second sweep
    /// sees it: lws took bytes of the queue since the last sweep (`wroteSinceSweep`), or the
    /// kernel's unacknowledged bytes went down (`unacknowledgedAtLastSweep`, `Int.max` while no
    /// bytes wait, so the first sweep that sees them waiting counts as progress).
    var lastProgress: UInt64 = 0
    var wroteSinceSweep = false
    var unacknowledgedAtLastSweep = Int.max
    /// Took nothing for `stalledAfterSeconds` with bytes waiting: it has stopped reading. Not
    /// reported behind; closed with the slow-consumer code once over `maxUnsentBytes`.
    var isStalled = false
    var assembler: MessageAssembler
    /// Set once a close was decided; later sends are ignored and input is discarded.
    var closeRequest: CloseRequest?
    /// The peer sent a Close: whatever it sends after it is ignored (RFC 6455 §5.5.1).
    var peerClosed = false
    /// The upgrade request's `Host` header.
    var host: String?
    /// The upgrade request's `X-Forwarded-For` header (read only from a trusted proxy).
    var forwardedFor: String?
    /// The callback has returned -1 with the close reason: lws is sending the close frame.
    var closeFrameSent = false
    /// lws handed this connection input during the current service turn (see
    /// `WebSocketServer.flushQueuedWrites`); cleared at the end of the turn.
    var receivedThisTurn = false
    /// Liveness (see `WebSocketServer+Liveness.swift`): a PONG arrived since the last sweep (a
    /// flag, so receiving reads no clock); when the sweep last saw one (uptime nanoseconds, the
    /// open at first); a PING is out since then.
    var heardSinceSweep = false
    var lastHeard: UInt64 = 0
    var pinged = false

    init(id: ConnectionID, wsi: OpaquePointer, maxMessageSize: Int) {
        self.id = id
        self.wsi = wsi
        assembler = MessageAssembler(maxMessageSize: maxMessageSize)
    }
}
