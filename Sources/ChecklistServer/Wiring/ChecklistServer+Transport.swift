import ChecklistStore
import Foundation
import Transport
import WireProtocol

/// The transport's callbacks, all on the service thread: each becomes a hub input, then the
/// hub's actions are carried out.
extension ChecklistServer: WebSocketServerDelegate {
    public func webSocketServer(_ server: WebSocketServer, didOpen connection: ConnectionID) {
        hub.connectionOpened(connection, address: server.peerAddress(of: connection) ?? "")
    }

    public func webSocketServer(_ server: WebSocketServer, didReceive message: WebSocketMessage, from connection: ConnectionID) {
        hub.received(message, from: connection)
        performHubActions()
    }

    public func webSocketServer(_ server: WebSocketServer, didClose connection: ConnectionID) {
        hub.connectionClosed(connection)
    }

    public func webSocketServer(_ server: WebSocketServer, httpResponseFor path: String) -> HTTPResponse {
        switch path {
        case "/healthz":
            return store.isOpen && !hub.draining
                ? HTTPResponse(status: 200, body: Array("ok\n".utf8))
                : HTTPResponse(status: 503, body: Array("store closed\n".utf8))
        default:
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Array(metricsText().utf8))
        }
    }

    private func metricsText() -> String {
        let counts = store.counts
        let hub = self.hub
        let metrics = hub.metrics
        return """
            # Checkwire server metrics (Prometheus text format)
            checkwire_connections \(hub.sessions.count)
            checkwire_connections_opened_total \(metrics.connectionsOpened)
            checkwire_subscriptions \(hub.subscriptions.subscriptionCount)
            checkwire_requests_total \(metrics.requests)
            checkwire_errors_total \(metrics.errors)
            checkwire_edits_applied_total \(metrics.editsApplied)
            checkwire_events_broadcast_total \(metrics.eventsBroadcast)
            checkwire_receive_pauses_total \(metrics.receivePauses)
            checkwire_deliveries_total \(metrics.deliveries)
            checkwire_store_batches_total \(counts.batches)
            checkwire_store_jobs_total \(counts.jobs)
            checkwire_uptime_seconds \(Int(Date().timeIntervalSince(startedAt)))

            """
    }
}
