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
/// Runs on a thread of its own with a connection of its own. It reads every 250 ms, and at
/// once when woken: by this server's store after a commit (`hint`), or by another server's
/// hint, an empty `NOTIFY` this tail sends on its own connection — never inside a write
/// transaction, where NOTIFY would serialise every commit of the cluster.
final class EventTail: @unchecked Sendable {
    static let channel = "checkwire_events"
    static let interval: TimeInterval = 0.25
    static let pageSize = 500

    private let link: PostgresLink
    private let deliver: @Sendable ([CommittedEvent]) -> Void
    private let wake = DispatchSemaphore(value: 0)
    private let state = Mutex((stopping: false, hintsToSend: 0))
    private var listening: PostgresConnection?
    private let stopped = DispatchSemaphore(value: 0)

    /// This server's events (`events.node`) are left out: they reach its subscribers when their
    /// batch commits, with the notices (`revoked`, `listShared`) the log does not carry.
    private let node: String

    init(url: PostgresURL, node: String, deliver: @escaping @Sendable ([CommittedEvent]) -> Void) {
        self.node = node
        link = PostgresLink(url: url, label: "checkwire.postgres.tail")
        self.deliver = deliver
        let thread = Thread { [self] in run() }
        thread.name = "checkwire-tail"
        thread.start()
    }

    /// This server committed events: read now, and wake the other servers' tails.
    func hint() {
        state.withLock { $0.hintsToSend += 1 }
        wake.signal()
    }

    func stop() {
        state.withLock { $0.stopping = true }
        wake.signal()
        stopped.wait()
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    private func run() {
        var cursor: (xid: String, id: Int64)?
        while !isStopping {
            do {
                try listen()
                try sendHints()
                if cursor == nil {
                    // From now on: what committed before the horizon was read when it was live.
                    let horizon = try link.query("SELECT pg_snapshot_xmin(pg_current_snapshot())::text").first?.string(
                        0)
                    cursor = (horizon ?? "0", 0)
                }
                while let from = cursor {
                    let rows = try link.query(
                        """
                        SELECT xid::text, id, list_id, seq, payload, node IS NOT DISTINCT FROM $3 FROM events
                        WHERE (xid, id) > ($1::xid8, $2) AND xid < pg_snapshot_xmin(pg_current_snapshot())
                        ORDER BY xid, id LIMIT \(Self.pageSize)
                        """, [.text(from.xid), .int(from.id), .text(node)])
                    guard let last = rows.last else { break }
                    cursor = (last.string(0), last.int64(1))
                    let elsewhere = rows.filter { !$0.bool(5) }.map { row in
                        CommittedEvent(listID: row.id(2), seq: row.int64(3), payload: row.bytes(4) ?? [])
                    }
                    if !elsewhere.isEmpty { deliver(elsewhere) }
                    if rows.count < Self.pageSize { break }
                }
            } catch {
                // The server is down or restarting: try again at the next turn, on a new connection.
                link.disconnect()
                listening = nil
            }
            _ = wake.wait(timeout: .now() + Self.interval)
        }
        link.shutdown()
        stopped.signal()
    }

    /// Listens for other servers' hints on this tail's connection (again after a reconnect).
    private func listen() throws(StorageFailure) {
        let connection = try link.connected()
        guard listening !== connection else { return }
        _ = connection.addListener(channel: Self.channel) { [wake] _, _ in wake.signal() }
        listening = connection
    }

    /// One empty NOTIFY for however many commits hinted since the last turn.
    private func sendHints() throws(StorageFailure) {
        let pending = state.withLock { state in
            defer { state.hintsToSend = 0 }
            return state.hintsToSend
        }
        if pending > 0 { try link.query("NOTIFY \(Self.channel)") }
    }
}
