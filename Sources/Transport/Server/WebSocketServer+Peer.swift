private import CLibWebSockets

extension WebSocketServer {
    /// The `Host` the connection's upgrade request named (service thread only).
    public func requestedHost(of connection: ConnectionID) -> String? {
        sessions[connection]?.host
    }

    /// The client's address as text ("127.0.0.1", "::1"), for per-address limits; `nil` for an
    /// unknown connection. The TCP peer's, unless that is a trusted proxy
    /// (`WebSocketServerConfiguration.trustedProxies`): then the client its
    /// `X-Forwarded-For` names. Service thread.
    public func clientAddress(of connection: ConnectionID) -> String? {
        guard let peer = peerAddress(of: connection) else { return nil }
        return configuration.trustedProxies.clientAddress(peer: peer, forwardedFor: sessions[connection]?.forwardedFor)
    }

    /// The connection's TCP peer address as text. Service thread.
    public func peerAddress(of connection: ConnectionID) -> String? {
        guard let session = sessions[connection] else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        guard lws_get_peer_simple(session.wsi, &buffer, buffer.count) != nil else { return nil }
        return String(cString: buffer)
    }
}
