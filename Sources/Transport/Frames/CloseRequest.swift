/// A WebSocket close to perform once a connection's queued frames are written.
struct CloseRequest: Equatable {
    var code: UInt16
    var reason: String
    /// Written as a plain close frame and the socket dropped at once, instead of lws's close
    /// handshake (send, then wait for the peer's close).
    ///
    /// Why: each step of lws's handshake arms a per-connection timer, and lws 4.1.6 keeps every
    /// timer of a thread in one sorted list, inserting by a walk from its head; closing 10,000
    /// connections together that way is quadratic and took ~20 s. A shutdown closes everyone
    /// at once and bounds itself (`shutdownGracePeriod`), so it needs neither timer.
    var withoutHandshake = false
}
