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
    /// A GET or HEAD under one of `configuration.deferredPrefixes`; answer it, now or later,
    /// with `server.respond(to: request.id, with:)` on the service thread.
    func webSocketServer(_ server: WebSocketServer, didReceive request: HTTPRequest)
    /// `connection` fell behind (`true`: more than `behindBytes` unsent) or caught up
    /// (`false`: fewer than `caughtUpBytes`). Reported in the service turn after the change.
    func webSocketServer(_ server: WebSocketServer, connection: ConnectionID, isBehind: Bool)
    /// `connection`, watched with `watchDrain(of:)`, has at most `caughtUpBytes` queued.
    func webSocketServer(_ server: WebSocketServer, connectionDrained connection: ConnectionID)
}

/// Receives uploads (PUT under `configuration.uploadPrefixes`), on the service thread. The
/// body arrives in pieces as lws reads it; `didFinishUpload` means all `Content-Length` bytes
/// came, and the delegate then answers with `respond(to:with:)`. `didAbandonUpload`: the
/// connection closed first (nothing is to be kept).
public protocol WebSocketServerUploadDelegate: AnyObject {
    /// `nil` accepts the upload; a response refuses it at once, before its body is read (the
    /// connection then closes).
    func webSocketServer(_ server: WebSocketServer, didBeginUpload request: HTTPRequest, length: Int64) -> HTTPResponse?
    func webSocketServer(
        _ server: WebSocketServer, didReceiveUploadBytes bytes: UnsafeRawBufferPointer, for request: HTTPRequestID)
    func webSocketServer(_ server: WebSocketServer, didFinishUpload request: HTTPRequestID)
    func webSocketServer(_ server: WebSocketServer, didAbandonUpload request: HTTPRequestID)
}

extension WebSocketServerDelegate {
    /// Servers that do not pace their senders need not listen.
    public func webSocketServer(_ server: WebSocketServer, connection: ConnectionID, isBehind: Bool) {}

    /// Servers that never watch a drain need not listen.
    public func webSocketServer(_ server: WebSocketServer, connectionDrained connection: ConnectionID) {}

    /// Servers without deferred prefixes need not answer: 404.
    public func webSocketServer(_ server: WebSocketServer, didReceive request: HTTPRequest) {
        server.respond(to: request.id, with: HTTPResponse(status: 404, body: Array("not found\n".utf8)))
    }
}
