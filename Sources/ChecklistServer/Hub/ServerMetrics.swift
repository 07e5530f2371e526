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
            name: "checkwire_connections_opened_total", help: "WebSocket connections opened since start.")
        requests = registry.makeCounter(name: "checkwire_requests_total", help: "Client messages received.")
        errors = registry.makeCounter(name: "checkwire_errors_total", help: "Requests answered with an error.")
        editsApplied = registry.makeCounter(name: "checkwire_edits_applied_total", help: "Edits committed as events.")
        eventsBroadcast = registry.makeCounter(
            name: "checkwire_events_broadcast_total", help: "Events sent to at least one subscriber.")
        deliveries = registry.makeCounter(
            name: "checkwire_deliveries_total", help: "Event frames queued to subscribers.")
        receivePauses = registry.makeCounter(
            name: "checkwire_receive_pauses_total",
            help: "Times a connection had too many requests waiting and reading stopped."
        )
        writerPauses = registry.makeCounter(
            name: "checkwire_writer_pauses_total",
            help: "Times a writer stopped being read because most subscribers of its checklist were behind."
        )
        congestionsExpired = registry.makeCounter(
            name: "checkwire_congestions_expired_total",
            help: "Checklist congestions that held their writers for the longest pause and let them go."
        )
        remindersFired = registry.makeCounter(
            name: "checkwire_reminders_fired_total", help: "Reminder occurrences fired (each once).")
        remindersDelivered = registry.makeCounter(
            name: "checkwire_reminders_delivered_total",
            help: "Reminder messages sent to connections, missed ones on sign-in included."
        )
        remindersLate = registry.makeCounter(
            name: "checkwire_reminders_late_total", help: "Occurrences fired more than 60 s after their time.")
        remindersDismissed = registry.makeCounter(
            name: "checkwire_reminders_dismissed_total", help: "dismissReminder requests answered.")
        remindersSnoozed = registry.makeCounter(
            name: "checkwire_reminders_snoozed_total", help: "snoozeReminder requests answered.")
        connections = registry.makeGauge(name: "checkwire_connections", help: "Open WebSocket connections.")
        subscriptions = registry.makeGauge(
            name: "checkwire_subscriptions", help: "Live (connection, checklist) subscriptions.")
        uptime = registry.makeGauge(name: "checkwire_uptime_seconds", help: "Seconds since the server started.")
        storeBatches = registry.makeCounter(
            name: "checkwire_store_batches_total", help: "Store batches committed (one fsync each).")
        storeJobs = registry.makeCounter(name: "checkwire_store_jobs_total", help: "Store jobs committed.")
        let buckets: [Duration] = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(5),
        ]
        editCommitTime = registry.makeDurationHistogram(
            name: "checkwire_edit_commit_seconds", buckets: buckets,
            help: "From an edit's hand-off to the store until its committed reply is back on the service thread."
        )
        readTime = registry.makeDurationHistogram(
            name: "checkwire_store_read_seconds", buckets: buckets,
            help: "From a read or account lookup's hand-off to the store until its reply is back."
        )
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
