import CoreMetrics
import Foundation
import OutboundDelivery

/// A sender's totals since start (`checkwire_push_delivered`, …), described and made once, when
/// the server makes the sender, and set from the sender's counts when `/metrics` is read.
/// Gauges, not counters: the sender keeps the totals (`DeliveryCounts`), and a gauge set to them
/// needs no memory of what was exported before.
struct DeliveryGauges: Sendable {
    private let gauges: [(gauge: Gauge, value: @Sendable (DeliveryCounts) -> Int)]

    init(channel: String, metrics: ServerMetrics) {
        let taker = channel == "mail" ? "the mail relay" : "the push service"
        var values: [(String, String, @Sendable (DeliveryCounts) -> Int)] = [
            ("delivered", "accepted by \(taker)", { $0.delivered }),
            ("gone", "answered 404 or 410 (the device was removed)", { $0.gone }),
            ("failed", "given up after a permanent refusal or every attempt", { $0.failed }),
            (
                "retried",
                channel == "mail"
                    ? "attempts made again after a 4xx reply or a network failure"
                    : "attempts made again after a 429, a 5xx or a network failure",
                { $0.retried }
            ),
            ("dropped", "not taken because the queue was full", { $0.rejected }),
            ("pending", "queued, in progress or waiting to retry now", { $0.pending }),
        ]
        if channel == "mail" { values.remove(at: 1) }  // a relay has no "gone"
        gauges = values.map { name, help, value in
            let label = "checkwire_\(channel)_\(name)"
            metrics.factory.describe(label, as: "\(channel.capitalized) messages since start: \(help).")
            return (Gauge(label: label, factory: metrics.factory), value)
        }
    }

    /// Sets every gauge to the sender's current totals.
    func record(_ counts: DeliveryCounts) {
        for (gauge, value) in gauges { gauge.record(value(counts)) }
    }
}
