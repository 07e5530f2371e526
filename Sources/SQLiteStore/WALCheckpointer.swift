import Foundation
import GRDB

/// Copies committed pages from the write-ahead log into the database file on its own
/// thread and connection, instead of in the commit that happened to fill the log.
///
/// Why: SQLite's automatic checkpoint runs inside a commit, on the store thread that every
/// edit waits for; with 50 writers it was a tenth of that thread's time. A PASSIVE
/// checkpoint never blocks the writer, so this thread can do the copying alongside.
/// Durability does not change: a commit is durable once its part of the log is on disk
/// (`WALSyncer`); checkpoints only keep the log short.
///
/// The writer connection keeps a large automatic-checkpoint threshold as a safety net, so
/// the log stays bounded even if this thread falls behind.
final class WALCheckpointer: @unchecked Sendable {
    /// Bytes of log after which the store thread checkpoints itself.
    static let writerFallbackBytes = 64 << 20

    /// `writerFallbackBytes` in pages of this size, as `PRAGMA wal_autocheckpoint` counts.
    static func writerFallbackPages(pageSize: Int) -> Int { writerFallbackBytes / pageSize }

    /// At most one checkpoint per interval while commits keep coming.
    static let interval: TimeInterval = 0.05

    private let database: DatabaseQueue
    private let condition = NSCondition()
    private var pendingCommits = 0
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "checkwire.checkpointer"
        configuration.busyMode = .timeout(5)
        database = try DatabaseQueue(path: path, configuration: configuration)
        let thread = Thread { [self] in run() }
        thread.name = "checkwire-checkpoint"
        thread.start()
    }

    /// A batch committed (store thread): a checkpoint is due soon.
    func didCommit() {
        condition.lock()
        pendingCommits += 1
        condition.signal()
        condition.unlock()
    }

    /// Stops the thread (after a last checkpoint) and closes its connection.
    func close() {
        condition.lock()
        let alreadyStopping = stopping
        stopping = true
        condition.signal()
        condition.unlock()
        guard !alreadyStopping else { return }
        finished.wait()
        try? database.close()
    }

    private func run() {
        while waitForCommits() {
            checkpoint()
            Thread.sleep(forTimeInterval: Self.interval)
        }
        checkpoint()
        finished.signal()
    }

    /// Blocks until a commit happened since the last checkpoint; `false` once stopping.
    private func waitForCommits() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pendingCommits == 0 && !stopping { condition.wait() }
        pendingCommits = 0
        return !stopping
    }

    private func checkpoint() {
        // A failure (the file is busy, say) is retried at the next commit; the writer's own
        // fallback threshold keeps the log bounded meanwhile.
        _ = try? database.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }
}
