import ChecklistStore
import Foundation

/// Decides which server of a shared database runs the reminder scheduler: the one holding a
/// session-level advisory lock on a connection of its own. Why a session lock: it lasts as
/// long as the connection, so it ends when the server does — a killed process's socket
/// closes at once, and a host that vanished is noticed by TCP keepalives (set short on this
/// connection, on PostgreSQL's side) — and another server takes it over.
///
/// Every second the holder checks that its connection still answers (if not, it stops
/// scheduling before trying again), and every other server tries to take the lock. The new
/// holder reloads the schedule from the tables; claims still keep an occurrence from firing
/// twice in the moment two servers might both believe they hold it.
final class SchedulerLock: @unchecked Sendable {
    /// The advisory lock's key ("checkwire" + "sched", truncated, as `PostgresSchema.migrationLock`).
    static let key: Int64 = 0x6368_6B77_7363_6864
    static let interval: TimeInterval = 1

    private let link: PostgresLink
    private let changed: @Sendable (Bool) -> Void
    /// Whether this server holds the lock (the polling thread only).
    private var holds = false
    private var thread: PollingThread!

    init(url: PostgresURL, changed: @escaping @Sendable (Bool) -> Void) {
        link = PostgresLink(url: url, label: "checkwire.postgres.scheduler")
        self.changed = changed
        thread = PollingThread(
            name: "checkwire-scheduler-lock", interval: Self.interval, turn: { [unowned self] in turn() },
            finish: { [unowned self] in
                if holds { changed(false) }
                link.shutdown()
            })
    }

    func stop() {
        thread.stop()
    }

    /// The holder checks its connection still answers; the others try to take the lock.
    private func turn() {
        do {
            if holds {
                try link.query("SELECT 1")
                return
            }
            if !link.isConnected {
                // PostgreSQL probes this connection after 2 s of silence, every second, 3 times.
                try link.query(
                    "SELECT set_config('tcp_keepalives_idle', '2', false), "
                        + "set_config('tcp_keepalives_interval', '1', false), "
                        + "set_config('tcp_keepalives_count', '3', false)")
            }
            if try link.query("SELECT pg_try_advisory_lock($1)", [.int(Self.key)]).first?.bool(0) == true {
                holds = true
                changed(true)
            }
        } catch {
            link.disconnect()
            if holds {
                holds = false
                changed(false)
            }
        }
    }
}
