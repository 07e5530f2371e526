/// Why a `WebSocketConnection` operation did not produce its result.
public enum WebSocketConnectionError: Error, Equatable, Sendable {
    /// The handshake failed (refused, e.g. HTTP 403, or nothing listening); lws's reason.
    case connectionFailed(reason: String)
    /// The connection is closed and no buffered message is left. `code` is the peer's close
    /// code when it sent one (or the code this side sent), nil when the socket just dropped.
    case closed(code: UInt16?, reason: String)
    /// Nothing happened within the timeout.
    case timedOut
}
