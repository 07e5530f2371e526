import ChecklistCore
import ChecklistStore
import Foundation
import PostgresNIO
import Synchronization

/// Reads the event log in commit-safe order and hands every event to the server, whichever
/// server committed it (`../shared/notes/postgres-scale-out.md`, "A design that holds").
///
/// Why not `id > cursor`: identities are taken at insert, transactions commit in any order, so
/// a reader that moved past a later id would never see an earlier one committed after it.
/// Each event row records its transaction (`xid`); nothing below the oldest transaction still
/// open (`pg_snapshot_xmin`) can appear any more, so reading `(xid, id) > cursor` below that
/// horizon skips nothing. Order across checklists is not `seq` order, and a long transaction
/// holds the horizon back: the hub's `FanOutOrder` reorders per subscription and reads what it
/// misses from the log.
///
/// The notices other servers publish (`notices`, `ClusterNotice`) are read each turn before
/// the events, but not below the horizon: by what committed since the last read
/// (`readNotices`), so that a transaction held open does not hold a sign-out or a reminder
/// back. The lag (`TailLag`) is measured about once a second.
///
/// Runs on a thread of its own with a connection of its own. It reads every 250 ms, and at
/// once when woken: by this server's store after a commit (`hint`), or by another server's
/// hint, an empty `NOTIFY` this tail sends on its own connection — never inside a write
/// transaction, where NOTIFY would serialise every commit of the cluster.
final class EventTail: @unchecked Sendable {
    static let channel = "checkwire_events"
    static let interval: TimeInterval = 0.25
    static let pageSize = 500
    /// Notices older than this are deleted (a tail so far behind has no connections to tell).
    static let noticeRetention = "1 hour"

    private let link: PostgresLink
    private let follower: CommitFollower
    /// When the lag was last measured and the old notices last deleted.
    private var lastMeasured = DispatchTime(uptimeNanoseconds: 0)
    private var lastPruned = DispatchTime(uptimeNanoseconds: 0)
    /// When a turn last read everything below the horizon.
    private var lastCaughtUp = DispatchTime.now()
    /// Commits hinted since the last turn (any thread).
    private let hintsToSend = Mutex(0)
    private var listening: PostgresConnection?
    private var cursor: Cursor?
    /// The snapshot (`pg_snapshot` as text) the last read of the notices saw: every notice it
    /// shows committed was read (or was there before this tail started).
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

    /// This server committed events: read now, and wake the other servers' tails.
    func hint() {
        hintsToSend.withLock { $0 += 1 }
        thread.wake()
    }

    func stop() {
        thread.stop()
    }

    /// One read of the notices committed since the last turn, then of the events below the horizon.
    private func turn() {
        do {
            try listen()
            try sendHints()
            if cursor == nil || noticesSeen == nil {
                // From now on: what committed before the horizon (events) or before this
                // snapshot (notices) was read when it was live.
                let now = try link.query(
                    "SELECT pg_snapshot_xmin(pg_current_snapshot())::text, pg_current_snapshot()::text"
                ).first
                cursor = (now?.string(0) ?? "0", 0)
                noticesSeen = now?.text(1)
            }
            try readNotices()
            try readEvents(from: &cursor)
            lastCaughtUp = .now()
            try measureAndPrune()
        } catch {
            // The server is down or restarting: try again at the next turn, on a new connection.
            link.disconnect()
            listening = nil
            reportUnreachable()
        }
    }

    typealias Cursor = (xid: String, id: Int64)

    /// Every event below the horizon past `cursor`, but this server's, to the follower.
    private func readEvents(from cursor: inout Cursor?) throws(StorageFailure) {
        while let from = cursor {
            let rows = try link.query(
                """
                SELECT xid::text, id, list_id, seq, payload, node IS NOT DISTINCT FROM $3,
                    revoked_user, shared_user, shared_notice
                FROM events
                WHERE (xid, id) > ($1::xid8, $2) AND xid < pg_snapshot_xmin(pg_current_snapshot())
                ORDER BY xid, id LIMIT \(Self.pageSize)
                """, [.text(from.xid), .int(from.id), .text(node)])
            guard let last = rows.last else { return }
            cursor = (last.string(0), last.int64(1))
            let elsewhere = rows.filter { !$0.bool(5) }.map { row in
                CommittedEvent(
                    listID: row.id(2), seq: row.int64(3), payload: row.bytes(4) ?? [],
                    revokedUserID: row.text(6).map(UserID.init),
                    shared: row.text(7).map { SharedNotice(userID: UserID($0), message: row.bytes(8) ?? []) })
            }
            if !elsewhere.isEmpty { follower.events(elsewhere) }
            if rows.count < Self.pageSize { return }
        }
    }

    /// Every notice committed since the last read, but this server's, to the follower, however
    /// long another transaction stays open.
    ///
    /// Why not below the horizon as the events: a notice has no `seq` and no head to check, so
    /// while a transaction held the horizon a sign-out on one server would not reach the
    /// token's connections on the others. A row is visible exactly when its transaction
    /// committed, and the transactions that committed since the last read are those its
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

    /// About once a second: how long the oldest open transaction with an id has held the
    /// horizon (and which server process runs it), and, once a minute, old notices deleted.
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
        _ = connection.addListener(channel: Self.channel) { [weak self] _, _ in self?.thread.wake() }
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
