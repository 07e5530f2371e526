import Prometheus
import Synchronization

/// The server's metrics, typed, in a swift-prometheus registry of its own.
///
/// Why a registry per server rather than the process-wide `MetricsSystem`: tests run many
/// servers in one process, and a bootstrap can happen only once. Counters and histograms are
/// atomic: the hub bumps them on the service thread and `/metrics` reads them on any thread.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()

    let connectionsOpened: Counter
    let requests: Counter
    let errors: Counter
    let editsApplied: Counter
    let eventsBroadcast: Counter
    let deliveries: Counter
    /// Times a connection had `maxRequestsInFlight` requests waiting and reading stopped.
    let receivePauses: Counter
    /// Times a writer stopped being read because most subscribers of its checklist were
    /// behind (`ListCongestion`), and congestions that outlasted `maxWriterPause`.
    let writerPauses: Counter
    let congestionsExpired: Counter
    let remindersFired: Counter
    let remindersDelivered: Counter
    let remindersLate: Counter
    let remindersDismissed: Counter
    let remindersSnoozed: Counter
    let connections: Gauge
    let subscriptions: Gauge
    let uptime: Gauge
    let storeBatches: Counter
    let storeJobs: Counter
    /// From an edit's hand-off to the store until its commit's reply is back on the service
    /// thread: the server-side part of edit → ack.
    let editCommitTime: DurationHistogram
    /// The same for reads (`lists`, `subscribe`) and account lookups.
    let readTime: DurationHistogram
    /// The store's own totals as last copied into `storeBatches` and `storeJobs`.
    private let storeTotalsSeen = Mutex<(batches: Int, jobs: Int)>((0, 0))

    init() {
        connectionsOpened = registry.makeCounter(
            descriptor: .checkwire(
                "connections_opened", unit: "total", help: "WebSocket connections opened since start."))
        requests = registry.makeCounter(
            descriptor: .checkwire("requests", unit: "total", help: "Client messages received."))
        errors = registry.makeCounter(
            descriptor: .checkwire("errors", unit: "total", help: "Requests answered with an error."))
        editsApplied = registry.makeCounter(
            descriptor: .checkwire("edits_applied", unit: "total", help: "Edits committed as events."))
        eventsBroadcast = registry.makeCounter(
            descriptor: .checkwire("events_broadcast", unit: "total", help: "Events sent to at least one subscriber."))
        deliveries = registry.makeCounter(
            descriptor: .checkwire("deliveries", unit: "total", help: "Event frames queued to subscribers."))
        receivePauses = registry.makeCounter(
            descriptor: .checkwire(
                "receive_pauses", unit: "total",
                help: "Times a connection had too many requests waiting and reading stopped."))
        writerPauses = registry.makeCounter(
            descriptor: .checkwire(
                "writer_pauses", unit: "total",
                help: "Times a writer stopped being read because most subscribers of its checklist were behind."))
        congestionsExpired = registry.makeCounter(
            descriptor: .checkwire(
                "congestions_expired", unit: "total",
                help: "Checklist congestions that held their writers for the longest pause and let them go."))
        remindersFired = registry.makeCounter(
            descriptor: .checkwire("reminders_fired", unit: "total", help: "Reminder occurrences fired (each once)."))
        remindersDelivered = registry.makeCounter(
            descriptor: .checkwire(
                "reminders_delivered", unit: "total",
                help: "Reminder messages sent to connections, missed ones on sign-in included."))
        remindersLate = registry.makeCounter(
            descriptor: .checkwire(
                "reminders_late", unit: "total", help: "Occurrences fired more than 60 s after their time."))
        remindersDismissed = registry.makeCounter(
            descriptor: .checkwire("reminders_dismissed", unit: "total", help: "dismissReminder requests answered."))
        remindersSnoozed = registry.makeCounter(
            descriptor: .checkwire("reminders_snoozed", unit: "total", help: "snoozeReminder requests answered."))
        connections = registry.makeGauge(
            descriptor: .checkwire("connections", unit: "", help: "Open WebSocket connections."))
        subscriptions = registry.makeGauge(
            descriptor: .checkwire("subscriptions", unit: "", help: "Live (connection, checklist) subscriptions."))
        uptime = registry.makeGauge(
            descriptor: .checkwire("uptime", unit: "seconds", help: "Seconds since the server started."))
        storeBatches = registry.makeCounter(
            descriptor: .checkwire(
                "store_batches", unit: "total",
                help: "Store batches committed (each flushed to disk before its results were released)."))
        storeJobs = registry.makeCounter(
            descriptor: .checkwire("store_jobs", unit: "total", help: "Store jobs committed."))
        let buckets: [Duration] = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(5),
        ]
        editCommitTime = registry.makeDurationHistogram(
            descriptor: .checkwire(
                "edit_commit", unit: "seconds",
                help: "From an edit's hand-off to the store until its committed reply is back on the service thread."),
            buckets: buckets)
        readTime = registry.makeDurationHistogram(
            descriptor: .checkwire(
                "store_read", unit: "seconds",
                help: "From a read or account lookup's hand-off to the store until its reply is back."),
            buckets: buckets)
    }

    /// Brings the store counters up to the store's own totals (read when `/metrics` is asked).
    func copyStoreTotals(batches: Int, jobs: Int) {
        let (newBatches, newJobs) = storeTotalsSeen.withLock { seen in
            defer { seen = (max(seen.batches, batches), max(seen.jobs, jobs)) }
            return (max(0, batches - seen.batches), max(0, jobs - seen.jobs))
        }
        if newBatches > 0 { storeBatches.increment(by: Int64(newBatches)) }
        if newJobs > 0 { storeJobs.increment(by: Int64(newJobs)) }
    }

    /// The Prometheus text exposition, after setting the gauges read at scrape time.
    func exposition(connections: Int, subscriptions: Int, uptimeSeconds: Double) -> [UInt8] {
        self.connections.set(Int64(connections))
        self.subscriptions.set(Int64(subscriptions))
        uptime.set(uptimeSeconds)
        return registry.emitToBuffer()
    }
}

extension MetricNameDescriptor {
    /// A `checkwire_NAME_UNIT` metric (`unit` may be empty, as for gauges that count things).
    fileprivate static func checkwire(_ name: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "checkwire", metricName: name, unitName: unit, helpText: help)
    }
}
