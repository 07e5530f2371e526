import ChecklistCore
public import Foundation
import GRDB
import GRDBSQLite

/// The store thread: runs jobs against the `ChecklistStore` in arrival order and commits
/// the jobs that were waiting together in one transaction (group commit).
///
/// Why: every durable commit costs an fsync; batching the edits that arrived while the
/// previous batch ran makes durability cost one fsync per batch instead of one per edit,
/// with no added latency when the server is idle. The fsync itself runs on another thread
/// (`WALSyncer`) while the next batch runs.
///
/// Each job returns an `AfterCommit` closure that is called, in job order, only after its
/// batch committed and reached the disk (`true`) or was rolled back (`false`). That is how
/// acknowledgements and broadcasts are held back until an edit is durable, and why results
/// leave the store in the order the requests arrived.
///
/// `@unchecked Sendable`: the job queue guards itself (`RoundQueue`); the
/// store and the database are touched only by the thread this object starts.
public final class StoreExecutor: @unchecked Sendable {
    public typealias AfterCommit = @Sendable (_ committed: Bool) -> Void
    public typealias Job = @Sendable (ChecklistStore) -> AfterCommit
    /// Called instead of the job when it cannot run at all (the batch could not begin, or the
    /// store is closing), so that no caller ever waits for an answer that will not come.
    public typealias Abandoned = @Sendable (StoreError) -> Void

    struct QueuedJob {
        let run: Job
        let abandon: Abandoned
    }

    private let jobs = RoundQueue<QueuedJob>()
    private let finished = DispatchSemaphore(value: 0)
    let path: String
    /// Replaced only on the store thread, when a read-only open may have become writable
    /// (`reopenIfReadOnly`).
    var database: DatabaseQueue
    let databaseConfiguration: Configuration
    let checkpointer: WALCheckpointer
    /// Flushes each committed batch and releases its results (see `WALSyncer`).
    private(set) var syncer: WALSyncer!
    let store: ChecklistStore
    let statistics = StoreStatistics()
    let healthState = StoreHealthState()
    private let lock: DatabaseLock
    /// Told of every change of `health` (the server logs it once per transition). Set before
    /// the first job is submitted.
    public nonisolated(unsafe) var healthChanged: @Sendable (StoreHealth) -> Void = { _ in }

    /// How long a batch waits for another connection's lock before its jobs fail, by default.
    public static let defaultBusyTimeout: TimeInterval = 5
    /// SQLite's page cache for the store's connection, in KiB (see `init`).
    static let pageCacheKiB = 65_536
    /// The page size of a database this store creates, in bytes. SQLite's default is 4096.
    ///
    /// Why 8 KiB: an event row is ~1.3 KB, so 4 KiB pages hold three and every third insert
    /// starts a page, and SQLite writes each page of a commit to the log with its own system
    /// calls. With 8 KiB pages, 50 writers on one list got 1.05× the acknowledged durable edits
    /// per second (median of 16 alternating pairs, ahead in 11) at 0.94–0.98× the server's CPU
    /// per edit. 16 KiB was ahead of 8 in one series and behind in the other, and doubles a lone
    /// edit's pages again: with 8 KiB a commit of one edit writes its few pages twice as large,
    /// 0.88–0.99× as many lone edits per second, ~1 ms each either way (docs/benchmarks.md,
    /// "8 KiB pages"). SQLite fixes the size when it creates a file, so databases made before
    /// keep theirs.
    static let newDatabasePageSize = 8192

    /// Opens (creating and migrating when new) the SQLite file at `path` in WAL mode, and
    /// starts the store thread and the thread that flushes its commits (`WALSyncer`). At most
    /// `cachedChecklists` checklists stay in memory between batches.
    ///
    /// Throws when another server holds the database (`DatabaseLock`) or the file cannot be
    /// opened or migrated; the message names the file. A database that opens but cannot be
    /// written (read-only, locked, full) starts with `health` failing rather than refusing:
    /// it may recover without a restart.
    public convenience init(
        path: String, encodeEvent: @escaping ChecklistStore.EventEncoder,
        cachedChecklists: Int = ChecklistStore.defaultCachedChecklists,
        cacheBytes: Int = ChecklistStore.defaultCacheBytes,
        limits: StoreLimits = .defaults,
        busyTimeout: TimeInterval = StoreExecutor.defaultBusyTimeout
    ) throws {
        try self.init(
            path: path, encodeEvent: encodeEvent, cachedChecklists: cachedChecklists, cacheBytes: cacheBytes,
            limits: limits, busyTimeout: busyTimeout, flush: WALSyncer.flushToDisk(databasePath:))
    }

    /// As above, with the call that flushes the WAL to disk replaced (tests make it fail).
    init(
        path: String, encodeEvent: @escaping ChecklistStore.EventEncoder, cachedChecklists: Int, cacheBytes: Int,
        limits: StoreLimits, busyTimeout: TimeInterval, flush: @escaping WALSyncer.Flush
    ) throws {
        self.path = path
        lock = try DatabaseLock(databasePath: path)
        var configuration = Configuration()
        configuration.label = "checkwire.store"
        // Another connection to the file (a previous run still closing, an admin's sqlite3)
        // makes SQLite answer "locked"; wait briefly instead of failing at once.
        configuration.busyMode = .timeout(busyTimeout)
        // Every setting of the connection is made here, so that a connection opened again after
        // the file was read-only (`reopenIfReadOnly`) has them all too.
        configuration.prepareDatabase { db in
            // Before WAL mode is set: that writes the header of a new file, which fixes its
            // page size. An existing file keeps its own.
            try db.execute(sql: "PRAGMA page_size = \(Self.newDatabasePageSize)")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            // Commits write the WAL without waiting for the disk; `WALSyncer` flushes it before
            // any result of the batch is released, so an acknowledged edit is as durable as with
            // FULL.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Checkpoints run on their own thread (WALCheckpointer); this is only a safety net.
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? Self.newDatabasePageSize
            try db.execute(
                sql: "PRAGMA wal_autocheckpoint = \(WALCheckpointer.writerFallbackPages(pageSize: pageSize))")
            // A 64 MiB page cache (SQLite's default is 2 MiB): at 200,000 items the open-dated
            // index alone is ~18 MB, and with the default a week's `agenda` spent 16 % of its
            // time in pread() fetching the same pages again (docs/benchmarks.md, "The planning index").
            try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)")
        }
        databaseConfiguration = configuration
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Schema.migrator.migrate(database)
            checkpointer = try WALCheckpointer(path: path)
        } catch {
            lock.release()
            throw StoreError.failure("cannot open the database \(path): \(Self.describe(error))")
        }
        store = ChecklistStore(encodeEvent: encodeEvent, cachedChecklists: cachedChecklists, cacheBytes: cacheBytes)
        store.limits = limits
        probeWritable()
        // The migrations above committed without a flush: make them durable before serving. A
        // failure here is final, as for any batch (`WALSyncer`).
        let flushedAtStart = flush(path)
        if !flushedAtStart { _ = healthState.record(.failing(reason: Self.lostWritesReason(path))) }
        syncer = WALSyncer(databasePath: path, failed: !flushedAtStart, flush: flush) {
            [weak self, healthState, path] in
            let health = StoreHealth.failing(reason: Self.lostWritesReason(path))
            if let changed = healthState.record(health) { self?.healthChanged(changed) }
        }
        let thread = Thread { [self] in run() }
        thread.name = "checkwire-store"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Starts with the truth about writes: a read-only file or a lock held elsewhere makes
    /// `health` failing from the start (and recovers with the first batch that commits).
    private func probeWritable() {
        do {
            try database.inDatabase { db in
                // SQLite opens a file it may not write (mode 0444 for its user, `chattr +i`)
                // read-only, and in WAL mode a BEGIN IMMEDIATE alone would not notice.
                if sqlite3_db_readonly(db.sqliteConnection, "main") == 1 {
                    throw StoreError.failure(
                        "the file can only be read (check its permissions and attributes: chmod, chattr)")
                }
                try db.beginTransaction(.immediate)
                try db.rollback()
            }
        } catch {
            _ = healthState.record(.failing(reason: "\(path): \(Self.describe(error))"))
        }
    }

    /// Queues a job for the next batch. Any thread. Exactly one of the two is called: the
    /// job's `AfterCommit` (committed or not), or `abandoned` when the job could not run — the
    /// batch could not begin (a lock held past the busy timeout, an unwritable file) or the
    /// store is closing.
    public func submit(_ job: @escaping Job, abandoned: @escaping Abandoned) {
        if !jobs.append(QueuedJob(run: job, abandon: abandoned)) { abandoned(.failure("the store is closed")) }
    }

    /// Finishes every queued job (they commit), stops the thread and closes the database.
    public func close() {
        if jobs.stop() {
            finished.wait()
            syncer.close()
            checkpointer.close()
            // Release the file now rather than at deinit, so it can be reopened at once.
            try? database.close()
            lock.release()
        }
    }

    /// `false` once `close()` began: the health check reports it.
    public var isOpen: Bool { !jobs.isStopping }

    /// Whether the last batch could be written (see `StoreHealth`).
    public var health: StoreHealth { healthState.value }

    /// Batches and jobs committed so far, for metrics.
    public var counts: (batches: Int, jobs: Int) { statistics.read() }

    /// The next batch: every job waiting, or `nil` once closing and drained.
    func nextBatch() -> [QueuedJob]? { jobs.nextRound() }

    /// Why every batch is refused after a flush failed (see `WALSyncer`).
    static func lostWritesReason(_ path: String) -> String {
        "\(path): the disk failed to confirm a write (fdatasync), so what was written since the last "
            + "confirmed flush may be lost; no edit is accepted until the server restarts"
    }

    func finish() {
        finished.signal()
    }
}
