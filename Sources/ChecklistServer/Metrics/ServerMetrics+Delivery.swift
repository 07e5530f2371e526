import CoreMetrics
import Foundation
import OutboundDelivery

extension ServerMetrics {
    /// A sender's totals since start (`checkwire_push_delivered`, …), set when `/metrics` is
    /// read. Gauges, not counters: the sender keeps the totals (`DeliveryCounts`), and a gauge
    /// set to them needs no memory of what was exported before.
    func copyDeliveryTotals(_ counts: DeliveryCounts, channel: String) {
        let taker = channel == "mail" ? "the mail relay" : "the push service"
        var values: [(String, Int, String)] = [
            ("delivered", counts.delivered, "accepted by \(taker)"),
            ("gone", counts.gone, "answered 404 or 410 (the device was removed)"),
            ("failed", counts.failed, "given up after a permanent refusal or every attempt"),
            (
                "retried", counts.retried,
                channel == "mail"
                    ? "attempts made again after a 4xx reply or a network failure"
                    : "attempts made again after a 429, a 5xx or a network failure"
            ),
            ("dropped", counts.rejected, "not taken because the queue was full"),
            ("pending", counts.pending, "queued, in progress or waiting to retry now"),
        ]
        if channel == "mail" { values.remove(at: 1) }  // a relay has no "gone"
        for (name, value, help) in values {
            let label = "checkwire_\(channel)_\(name)"
            factory.describe(label, as: "\(channel.capitalized) messages since start: \(help).")
            Gauge(label: label, factory: factory).record(value)
        }
    }
}
