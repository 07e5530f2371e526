/// Receives a server's connection events. Every method is called on the server's service
/// thread, so an implementation may call `send`, `close` and `unsentBytes` directly.
public protocol WebSocketServerDelegate: AnyObject {
    /// A WebSocket handshake completed (origin, path and subprotocol already checked).
    func webSocketServer(_ server: WebSocketServer, didOpen connection: ConnectionID)
    /// A complete message arrived (reassembled, within `maxMessageSize`, text valid UTF-8).
    func webSocketServer(_ server: WebSocketServer, didReceive message: WebSocketMessage, from connection: ConnectionID)
    /// Called exactly once for every opened connection, whoever closed it, also during `stop`.
    func webSocketServer(_ server: WebSocketServer, didClose connection: ConnectionID)
    /// Answers a GET of one of `configuration.dynamicPaths` (e.g. `/healthz`).
    func webSocketServer(_ server: WebSocketServer, httpResponseFor path: String) -> HTTPResponse
}
