private import CLibWebSockets

extension WebSocketServer {
    /// The connection's peer address as text ("127.0.0.1", "::1"), for per-address limits;
    /// `nil` for an unknown connection. The TCP peer's: a proxy's `X-Forwarded-For` is not
    /// trusted, since any client could send one. Service thread.
    /// The `Host` the connection's upgrade request named (service thread only).
    public func requestedHost(of connection: ConnectionID) -> String? {
        sessions[connection]?.host
    }

    public func peerAddress(of connection: ConnectionID) -> String? {
        guard let session = sessions[connection] else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        guard lws_get_peer_simple(session.wsi, &buffer, buffer.count) != nil else { return nil }
        return String(cString: buffer)
    }
}
