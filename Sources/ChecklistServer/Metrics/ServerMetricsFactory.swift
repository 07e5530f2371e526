import CoreMetrics
import Prometheus
import Synchronization

/// The swift-metrics factory of one server: what the server makes through the swift-metrics
/// API (`Counter`, `Gauge`, `Timer`) lands in this server's own swift-prometheus registry,
/// which `/metrics` prints.
///
/// Why one per server rather than `MetricsSystem.bootstrap`: tests run many servers in one
/// process, and a bootstrap happens once. Why not swift-prometheus's `PrometheusMetricsFactory`
/// as it is: it registers every metric with an empty help text (the swift-metrics API has no
/// place for one), and each metric on `/metrics` keeps its `# HELP` line. So a metric is
/// `describe`d first; the rest is that factory's mapping, onto the registry's public API.
final class ServerMetricsFactory: MetricsFactory, Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let helpTexts = Mutex<[String: String]>([:])
    private let durationBuckets: [Duration]

    init(durationBuckets: [Duration]) {
        self.durationBuckets = durationBuckets
    }

    /// Gives the metric named `label` its help text; call it before making the metric.
    func describe(_ label: String, as help: String) {
        helpTexts.withLock { $0[label] = help }
    }

    /// Every metric in the Prometheus text format (`/metrics`).
    func exposition() -> [UInt8] { registry.emitToBuffer() }

    private func help(_ label: String) -> String { helpTexts.withLock { $0[label] ?? "" } }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(name: label, labels: dimensions, help: help(label))
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(name: label, labels: dimensions, help: help(label))
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(name: label, labels: dimensions, help: help(label)) }
        return registry.makeValueHistogram(
            name: label, labels: dimensions, buckets: durationBuckets.map(\.seconds), help: help(label))
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(name: label, labels: dimensions, help: help(label))
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        registry.makeDurationHistogram(name: label, labels: dimensions, buckets: durationBuckets, help: help(label))
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
        if let histogram = handler as? ValueHistogram { registry.unregisterValueHistogram(histogram) }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}

extension Duration {
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
