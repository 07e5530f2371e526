/// Receives a client engine's connection events, all on the engine's service thread.
///
/// Every `connect` ends in exactly one of `didFailToConnect` or (`didConnect` … `didClose`).
public protocol WebSocketClientDelegate: AnyObject {
    func webSocketClient(_ client: WebSocketClient, didConnect connection: ConnectionID)
    func webSocketClient(_ client: WebSocketClient, didFailToConnect connection: ConnectionID, reason: String)
    func webSocketClient(_ client: WebSocketClient, didReceive message: WebSocketMessage, from connection: ConnectionID)
    /// `code` is the peer's close code when it sent one (e.g. 1001, 1009, 4008), the code this
    /// side sent when it initiated the close, and nil when the socket just dropped.
    func webSocketClient(_ client: WebSocketClient, didClose connection: ConnectionID, code: UInt16?, reason: String)
}
