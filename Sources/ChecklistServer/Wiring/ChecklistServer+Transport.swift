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

    public func webSocketServer(_ server: WebSocketServer, didReceive request: HTTPRequest) {
        if request.path.hasPrefix("/attachments") { return answerDownload(request) }
        if request.path.hasPrefix("/email/") { return answerMailLink(request) }
        answerFeed(request)
    }

    public func webSocketServer(_ server: WebSocketServer, httpResponseFor path: String) -> HTTPResponse {
        switch path {
        case "/healthz":
            guard store.isOpen, !hub.draining else {
                return HTTPResponse(status: 503, body: Self.healthBody("store closed"))
            }
            if case .failing(let reason) = store.health {
                return HTTPResponse(status: 503, body: Self.healthBody("database not writable: \(reason)"))
            }
            return HTTPResponse(status: 200, body: Self.healthBody("ok"))
        default:
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: metricsExposition())
        }
    }

    private func metricsExposition() -> [UInt8] {
        let hub = self.hub
        if let pushSender { hub.metrics.copyDeliveryTotals(pushSender.counts, channel: "push") }
        if let mailSender { hub.metrics.copyDeliveryTotals(mailSender.counts, channel: "mail") }
        return hub.metrics.exposition(
            connections: hub.sessions.count, subscriptions: hub.subscriptions.subscriptionCount,
            uptimeSeconds: Date().timeIntervalSince(startedAt),
            passwordWork: (signupWorkers.waiting, loginWorkers.waiting)
        )
    }
}
