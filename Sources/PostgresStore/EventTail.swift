import ChecklistCore
import ChecklistStore
import Foundation
import PostgresNIO
import Synchronization

/// Reads what other servers commit — events and notices — and hands it to this server,
/// each row once (`../shared/notes/postgres-scale-out.md`, "A design that holds").
///
/// Why not `id > cursor`: identities are taken at insert, transactions commit in any order, so
/// a reader that moved past a later id would never see an earlier one committed after it. Each
/// row records its transaction (`xid`), and each read takes the rows of the transactions that
/// committed since the last read (`readEvents`, `readNotices`): the ones the last read's snapshot saw as
/// still running or not yet begun, as far as this read's snapshot shows them. So a transaction
/// held open anywhere (a report, an admin's forgotten `BEGIN`) holds back nothing but its own
/// rows. Order across checklists is not `seq` order (nor, within one read, commit order): the
/// hub's `FanOutOrder` reorders per subscription and reads what it misses from the log, and
/// its head check every 250 ms stays as the second way in.
///
/// The lag (`TailLag`, the age of the oldest open transaction with an id) is measured about
/// once a second, for operators: a long one bloats the tables.
///
/// Runs on a thread of its own with a connection of its own. It reads every 250 ms, and at
/// once when woken: by this server's store after a commit (`hint`), or by another server's
/// hint, an empty `NOTIFY` this tail sends on its own connection — never inside a write
/// transaction, where NOTIFY would serialise every commit of the cluster.
final class EventTail: @unchecked Sendable {
    static let channel = "checkwire_events"
    static let interval: TimeInterval = 0.25
    /// Notices older than this are deleted (a tail so far behind has no connections to tell).
    static let noticeRetention = "1 hour"

    private let link: PostgresLink
    private let follower: CommitFollower
    /// When the lag was last measured and the old notices last deleted.
    private var lastMeasured = DispatchTime(uptimeNanoseconds: 0)
    private var lastPruned = DispatchTime(uptimeNanoseconds: 0)
    /// When a turn last read everything committed.
    private var lastCaughtUp = DispatchTime.now()
    /// Commits hinted since the last turn (any thread).
    private let hintsToSend = Mutex(0)
    private var listening: PostgresConnection?
    /// Another server committed since the last read (its NOTIFY came in): the next turn reads
    /// at once. A turn that only this server's own commit woke (`hint`) passes the hint on and
    /// reads nothing, since this server's own rows are left out anyway.
    private let othersCommitted = Mutex(true)
    /// This tail's own backend: its NOTIFYs come back to its own LISTEN, and are no news.
    private let ownBackend = Mutex<Int32?>(nil)
    /// When a turn last read; a turn reads at least every `interval`, hinted or not.
    private var lastRead = DispatchTime(uptimeNanoseconds: 0)
    /// The snapshot (`pg_snapshot` as text) the last read of the events saw: every event it
    /// shows committed was read (or was there before this tail started).
    private var eventsSeen: String?
    /// The same for the notices, read by a statement of their own.
    private var noticesSeen: String?
    private var thread: PollingThread!

    /// This server's events (`events.node`) are left out: they reach its subscribers when their
    /// batch commits, with the notices (`revoked`, `listShared`) the log does not carry.
    private let node: String

    init(url: PostgresURL, node: String, follower: CommitFollower) {
        self.node = node
        link = PostgresLink(url: url, label: "checkwire.postgres.tail")
        self.follower = follower
        thread = PollingThread(
            name: "checkwire-tail", interval: Self.interval, turn: { [unowned self] in turn() },
            finish: { [unowned self] in link.shutdown() })
    }

    /// This server committed events: wake the other servers' tails now (this tail's next turn
    /// sends the NOTIFY).
    func hint() {
        hintsToSend.withLock { $0 += 1 }
        thread.wake()
    }

    func stop() {
        thread.stop()
    }

    /// One read of the notices, then of the events, committed since the last turn.
    private func turn() {
        do {
            try listen()
            try sendHints()
            if eventsSeen == nil || noticesSeen == nil {
                // From now on: what committed before this snapshot was read when it was live.
                let now = try link.query("SELECT pg_current_snapshot()::text").first?.text(0)
                eventsSeen = now
                noticesSeen = now
            }
            let now = DispatchTime.now()
            let hinted = othersCommitted.withLock { flag in
                defer { flag = false }
                return flag
            }
            if hinted || now.uptimeNanoseconds >= lastRead.uptimeNanoseconds + UInt64(Self.interval * 1e9) {
                lastRead = now
                try readNotices()
                try readEvents()
                lastCaughtUp = .now()
            }
            try measureAndPrune()
        } catch {
            // The server is down or restarting: try again at the next turn, on a new connection.
            link.disconnect()
            listening = nil
            reportUnreachable()
        }
    }

    /// Every event committed since the last read, but this server's, to the follower, however
    /// long another transaction stays open; in `seq` order per checklist.
    private func readEvents() throws(StorageFailure) {
        guard let seen = eventsSeen else { return }
        let rows = try link.query(
            """
            WITH snapshot AS (SELECT pg_current_snapshot() AS seen),
            committed AS (
                SELECT list_id, seq, payload, revoked_user, shared_user, shared_notice FROM events
                WHERE (xid >= pg_snapshot_xmax($1::pg_snapshot)
                    OR xid = ANY(ARRAY(SELECT pg_snapshot_xip($1::pg_snapshot))))
                    AND node IS DISTINCT FROM $2
            )
            SELECT snapshot.seen::text, c.list_id, c.seq, c.payload, c.revoked_user, c.shared_user, c.shared_notice
            FROM snapshot LEFT JOIN committed c ON true ORDER BY c.list_id, c.seq
            """, [.text(seen), .text(node)])
        guard let now = rows.first?.text(0) else { return }
        let elsewhere = rows.filter { $0.text(1) != nil }.map { row in
            CommittedEvent(
                listID: row.id(1), seq: row.int64(2), payload: row.bytes(3) ?? [],
                revokedUserID: row.text(4).map(UserID.init),
                shared: row.text(5).map { SharedNotice(userID: UserID($0), message: row.bytes(6) ?? []) })
        }
        if !elsewhere.isEmpty { follower.events(elsewhere) }
        eventsSeen = now
    }

    /// Every notice committed since the last read, but this server's, to the follower, however
    /// long another transaction stays open. (The events are read the same way.)
    ///
    /// Why not below the horizon (`pg_snapshot_xmin`, as the events once were): while a
    /// transaction held the horizon a sign-out on one server would not reach the token's
    /// connections on the others. A row is visible exactly when its transaction committed, and the transactions that committed since the last read are those its
    /// snapshot saw as still running (`pg_snapshot_xip`) or not yet begun (from
    /// `pg_snapshot_xmax` on). So each read takes the rows of those transactions that its own
    /// snapshot shows, in one statement, and keeps that snapshot for the next read: each row
    /// is read once, whatever order the transactions commit in, and only the few rows new
    /// since the last read go over the index (`notices_by_transaction`).
    private func readNotices() throws(StorageFailure) {
        guard let seen = noticesSeen else { return }
        let rows = try link.query(
            """
            WITH snapshot AS (SELECT pg_current_snapshot() AS seen),
            committed AS (
                SELECT xid, id, node, kind, user_id, body FROM notices
                WHERE xid >= pg_snapshot_xmax($1::pg_snapshot)
                    OR xid = ANY(ARRAY(SELECT pg_snapshot_xip($1::pg_snapshot)))
            )
            SELECT snapshot.seen::text, c.node = $2, c.kind, c.user_id, c.body
            FROM snapshot LEFT JOIN committed c ON true ORDER BY c.xid, c.id
            """, [.text(seen), .text(node)])
        guard let now = rows.first?.text(0) else { return }
        let elsewhere = rows.filter { $0.text(2) != nil && !$0.bool(1) }.compactMap { row in
            NoticeRows.notice(kind: row.string(2), userID: row.text(3), body: row.bytes(4) ?? [])
        }
        if !elsewhere.isEmpty { follower.notices(elsewhere) }
        noticesSeen = now
    }

    /// About once a second: how long the oldest open transaction with an id has been open (and
    /// which server process runs it), and, once a minute, old notices deleted.
    private func measureAndPrune() throws(StorageFailure) {
        let now = DispatchTime.now()
        guard now.uptimeNanoseconds >= lastMeasured.uptimeNanoseconds + 1_000_000_000 else { return }
        lastMeasured = now
        let oldest = try link.query(
            """
            SELECT pid::bigint, EXTRACT(EPOCH FROM clock_timestamp() - xact_start)::float8 FROM pg_stat_activity
            WHERE backend_xid IS NOT NULL AND xact_start IS NOT NULL ORDER BY xact_start LIMIT 1
            """
        ).first
        let held = oldest.map { $0.real(1) } ?? 0
        follower.lag(TailLag(seconds: max(0, held), holderPID: oldest.flatMap { $0.int(0) }.map(Int.init)))
        if now.uptimeNanoseconds >= lastPruned.uptimeNanoseconds + 60_000_000_000 {
            lastPruned = now
            try link.query(
                """
                DELETE FROM notices WHERE created_at < now() - interval '\(Self.noticeRetention)'
                AND xid < pg_snapshot_xmin(pg_current_snapshot())
                """)
        }
    }

    /// The tail could not read: it is as far behind as the time since it last could.
    private func reportUnreachable() {
        let behind = Double(DispatchTime.now().uptimeNanoseconds - lastCaughtUp.uptimeNanoseconds) / 1e9
        follower.lag(TailLag(seconds: behind, holderPID: nil))
    }

    /// Listens for other servers' hints on this tail's connection (again after a reconnect).
    private func listen() throws(StorageFailure) {
        let connection = try link.connected()
        guard listening !== connection else { return }
        let backend = try link.query("SELECT pg_backend_pid()::bigint").first.map { Int32($0.int64(0)) }
        ownBackend.withLock { $0 = backend }
        _ = connection.addListener(channel: Self.channel) { [weak self] _, notification in
            guard let self, notification.backendPID != ownBackend.withLock({ $0 }) else { return }
            othersCommitted.withLock { $0 = true }
            thread.wake()
        }
        // What others committed while this tail had no connection is read at once.
        othersCommitted.withLock { $0 = true }
        listening = connection
    }

    /// One empty NOTIFY for however many commits hinted since the last turn.
    private func sendHints() throws(StorageFailure) {
        let pending = hintsToSend.withLock { count in
            defer { count = 0 }
            return count
        }
        if pending > 0 { try link.query("NOTIFY \(Self.channel)") }
    }
}
