import CoreMetrics
import Metrics

/// The server's metrics, made through the swift-metrics API by a factory of its own
/// (`ServerMetricsFactory`, one swift-prometheus registry per server).
///
/// Counters and histograms are atomic: the hub bumps them on the service thread, the store
/// counts its batches on the store thread, and `/metrics` reads them on any thread.
final class ServerMetrics: Sendable {
    let factory: ServerMetricsFactory

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
    /// Times a subscriber had no room for a live event and was sent it, and what followed,
    /// from the log once it drained (`LiveCatchUps`).
    let liveCatchUps: Counter
    let remindersFired: Counter
    let remindersDelivered: Counter
    let remindersLate: Counter
    let remindersDismissed: Counter
    let remindersSnoozed: Counter
    /// Reminders no device took in time, handed to the mail sender.
    let remindersMailed: Counter
    /// Reminder mails held to the end of the user's quiet hours.
    let remindersMailDeferred: Counter
    let connections: Gauge
    let subscriptions: Gauge
    let uptime: Gauge
    /// Password work waiting for a worker, per pool (`PasswordWorkers`).
    let signupHashesWaiting: Gauge
    let loginChecksWaiting: Gauge
    /// How long a commit of another server may wait before this one reads it (`TailLag`);
    /// 0 with one server.
    let tailLag: Gauge
    /// 1 while this server runs the reminder scheduler (always with one server), else 0.
    let schedulesReminders: Gauge
    /// Counted by the store thread as each batch commits (`StoreBackend.batchCommitted`).
    let storeBatches: Counter
    let storeJobs: Counter
    /// From an edit's hand-off to the store until its commit's reply is back on the service
    /// thread: the server-side part of edit → ack.
    let editCommitTime: CoreMetrics.Timer
    /// The same for reads (`lists`, `subscribe`) and account lookups.
    let readTime: CoreMetrics.Timer

    init() {
        let factory = ServerMetricsFactory(durationBuckets: [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(5),
        ])
        self.factory = factory
        // Every name is `checkwire_NAME_UNIT`; counters end in `_total`.
        func counter(_ name: String, _ help: String) -> Counter {
            factory.describe("checkwire_\(name)_total", as: help)
            return Counter(label: "checkwire_\(name)_total", factory: factory)
        }
        func gauge(_ name: String, unit: String = "", _ help: String) -> Gauge {
            let label = unit.isEmpty ? "checkwire_\(name)" : "checkwire_\(name)_\(unit)"
            factory.describe(label, as: help)
            return Gauge(label: label, factory: factory)
        }
        func timer(_ name: String, _ help: String) -> CoreMetrics.Timer {
            factory.describe("checkwire_\(name)_seconds", as: help)
            return CoreMetrics.Timer(label: "checkwire_\(name)_seconds", factory: factory)
        }
        connectionsOpened = counter("connections_opened", "WebSocket connections opened since start.")
        requests = counter("requests", "Client messages received.")
        errors = counter("errors", "Requests answered with an error.")
        editsApplied = counter("edits_applied", "Edits committed as events.")
        eventsBroadcast = counter("events_broadcast", "Events sent to at least one subscriber.")
        deliveries = counter("deliveries", "Event frames queued to subscribers.")
        receivePauses = counter(
            "receive_pauses", "Times a connection had too many requests waiting and reading stopped.")
        writerPauses = counter(
            "writer_pauses",
            "Times a writer stopped being read because most subscribers of its checklist were behind.")
        congestionsExpired = counter(
            "congestions_expired",
            "Checklist congestions that held their writers for the longest pause and let them go.")
        liveCatchUps = counter(
            "live_catch_ups",
            "Times a subscriber had no room for live events and was sent them from the log once it drained.")
        remindersFired = counter("reminders_fired", "Reminder occurrences fired (each once).")
        remindersDelivered = counter(
            "reminders_delivered", "Reminder messages sent to connections, missed ones on sign-in included.")
        remindersLate = counter("reminders_late", "Occurrences fired more than 60 s after their time.")
        remindersDismissed = counter("reminders_dismissed", "dismissReminder requests answered.")
        remindersSnoozed = counter("reminders_snoozed", "snoozeReminder requests answered.")
        remindersMailed = counter(
            "reminders_mailed", "Reminder occurrences no device took within the fallback, handed to the mail sender.")
        remindersMailDeferred = counter(
            "reminders_mail_deferred", "Reminder mails held to the end of the user's quiet hours.")
        connections = gauge("connections", "Open WebSocket connections.")
        subscriptions = gauge("subscriptions", "Live (connection, checklist) subscriptions.")
        uptime = gauge("uptime", unit: "seconds", "Seconds since the server started.")
        signupHashesWaiting = gauge(
            "signup_hashes_waiting", "Signups whose password hash waits for a worker (taken in turns per address).")
        loginChecksWaiting = gauge(
            "login_checks_waiting", "Logins whose password check waits for a worker (taken in turns per address).")
        tailLag = gauge(
            "tail_lag", unit: "seconds",
            "How long another server's commit may wait before this server reads it (0 with one server).")
        schedulesReminders = gauge(
            "schedules_reminders", "1 while this server runs the reminder scheduler (one server of a cluster), else 0.")
        storeBatches = counter(
            "store_batches", "Store batches committed (each flushed to disk before its results were released).")
        storeJobs = counter("store_jobs", "Store jobs committed.")
        editCommitTime = timer(
            "edit_commit",
            "From an edit's hand-off to the store until its committed reply is back on the service thread.")
        readTime = timer("store_read", "From a read or account lookup's hand-off to the store until its reply is back.")
    }

    /// The Prometheus text exposition, after setting the gauges read at scrape time.
    func exposition(
        connections: Int, subscriptions: Int, uptimeSeconds: Double, passwordWork: (signups: Int, logins: Int)
    ) -> [UInt8] {
        self.connections.record(connections)
        self.subscriptions.record(subscriptions)
        uptime.record(uptimeSeconds)
        signupHashesWaiting.record(passwordWork.signups)
        loginChecksWaiting.record(passwordWork.logins)
        return factory.exposition()
    }
}
