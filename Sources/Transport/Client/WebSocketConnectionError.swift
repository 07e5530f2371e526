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

/// What a person reads when a connection fails (e.g. `checkwire bench` prints it as it is).
extension WebSocketConnectionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .connectionFailed(let reason):
            "the connection failed (\(reason))"
        case .closed(let code?, let reason):
            reason.isEmpty
                ? "the connection closed with code \(code)" : "the connection closed with code \(code): \(reason)"
        case .closed(nil, _):
            "the connection dropped"
        case .timedOut:
            "no answer in time"
        }
    }
}
