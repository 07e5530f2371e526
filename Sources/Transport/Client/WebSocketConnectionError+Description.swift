/// What a person reads when a connection fails (e.g. `checkwire bench` prints it as it is).
extension WebSocketConnectionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .connectionFailed(let reason):
            "the connection failed (\(reason))"
        case .closed(let code?, let reason):
            reason.isEmpty ? "the connection closed with code \(code)" : "the connection closed with code \(code): \(reason)"
        case .closed(nil, _):
            "the connection dropped"
        case .timedOut:
            "no answer in time"
        }
    }
}
