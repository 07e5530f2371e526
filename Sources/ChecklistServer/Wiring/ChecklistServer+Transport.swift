import ChecklistStore
import Foundation
import OutboundDelivery
public import Transport
import WireProtocol

/// The transport's callbacks, all on the service thread: each becomes a hub input, then the
/// hub's actions are carried out.
extension ChecklistServer: WebSocketServerDelegate {
    public func webSocketServer(_ server: WebSocketServer, didOpen connection: ConnectionID) {
        hub.connectionOpened(
            connection, address: server.clientAddress(of: connection) ?? "", host: server.requestedHost(of: connection))
    }

    public func webSocketServer(
        _ server: WebSocketServer, didReceive message: WebSocketMessage, from connection: ConnectionID
    ) {
        hub.received(message, from: connection)
        performHubActions()
    }

    public func webSocketServer(_ server: WebSocketServer, didClose connection: ConnectionID) {
        hub.connectionClosed(connection)
    }

    public func webSocketServer(_ server: WebSocketServer, connection: ConnectionID, isBehind: Bool) {
        hub.connection(connection, isBehind: isBehind)
        performHubActions()
    }

    public func webSocketServer(_ server: WebSocketServer, connectionDrained connection: ConnectionID) {
        hub.connectionDrained(connection)
        performHubActions()
    }
}
