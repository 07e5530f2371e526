import Foundation
import OutboundDelivery
import Transport

/// `GET /metrics`: the Prometheus text exposition of this server's metrics
/// (`ServerMetricsFactory`), after setting the gauges read at scrape time. Service thread.
extension ChecklistServer {
    func metricsResponse() -> HTTPResponse {
        let hub = self.hub
        if let pushSender, let pushGauges { pushGauges.record(pushSender.counts) }
        if let mailSender, let mailGauges { mailGauges.record(mailSender.counts) }
        let body = hub.metrics.exposition(
            connections: hub.sessions.count, subscriptions: hub.subscriptions.subscriptionCount,
            uptimeSeconds: Date().timeIntervalSince(startedAt),
            passwordWork: (signupWorkers.waiting, loginWorkers.waiting)
        )
        return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: body)
    }
}
