import ChecklistCore
import Foundation
import GRDB

/// The store thread: runs jobs against the `ChecklistStore` in arrival order and commits
/// the jobs that were waiting together in one transaction (group commit).
///
/// Why: with `synchronous=FULL` every commit is an fsync; batching the edits that arrived
/// while the previous commit was on disk makes durability cost one fsync per batch instead
/// of one per edit, with no added latency when the server is idle.
///
/// Each job returns an `AfterCommit` closure that is called, in job order, only after its
/// batch committed (`true`) or was rolled back (`false`). That is how acknowledgements and
/// broadcasts are held back until an edit is durable, and why results leave the store in
/// the order the requests arrived.
///
/// `@unchecked Sendable`: the job queue and the stop flag are guarded by `condition`; the
/// store and the database are touched only by the thread this object starts.
public final class StoreExecutor: @unchecked Sendable {
    public typealias AfterCommit = @Sendable (_ committed: Bool) -> Void
    public typealias Job = @Sendable (ChecklistStore) -> AfterCommit

    private let condition = NSCondition()
    private var pending: [Job] = []
    private var stopping = false
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)
    private let database: DatabaseQueue
    private let checkpointer: WALCheckpointer
    private let store: ChecklistStore
    private let statistics = StoreStatistics()

    /// Opens (creating and migrating when new) the SQLite file at `path` in WAL mode with
    /// `synchronous=FULL`, and starts the store thread. At most `cachedChecklists`
    /// checklists stay in memory between batches.
    public init(
        path: String, encodeEvent: @escaping ChecklistStore.EventEncoder,
        cachedChecklists: Int = ChecklistStore.defaultCachedChecklists, limits: StoreLimits = .defaults
    ) throws {
        var configuration = Configuration()
        configuration.label = "checkwire.store"
        // Another connection to the file (a previous run still closing, an admin's sqlite3)
        // makes SQLite answer "locked"; wait briefly instead of failing at once.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        database = try DatabaseQueue(path: path, configuration: configuration)
        try database.writeWithoutTransaction { db in
            // GRDB does not set synchronous for a queue; FULL makes each commit survive power loss.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Checkpoints run on their own thread (WALCheckpointer); this is only a safety net.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(WALCheckpointer.writerFallbackPages)")
        }
        try Schema.migrator.migrate(database)
        checkpointer = try WALCheckpointer(path: path)
        store = ChecklistStore(encodeEvent: encodeEvent, cachedChecklists: cachedChecklists)
        store.limits = limits
        let thread = Thread { [self] in run() }
        thread.name = "checkwire-store"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues a job for the next batch. Any thread. A job submitted after `close()` began is
    /// dropped without running (there is no transaction left to run it in), so its
    /// `AfterCommit` is never called.
    public func submit(_ job: @escaping Job) {
        _ = enqueue(job)
    }

    /// Queues `job` unless the store is closing; checking and queueing under one lock is what
    /// lets `sync` never wait for a job that was dropped.
    private func enqueue(_ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return false }
        pending.append(job)
        condition.signal()
        return true
    }

    /// Runs `work` in the next batch and waits until that batch committed. For threads that
    /// may block (the password workers); never call it from the lws service thread.
    public func sync<T: Sendable>(_ work: @escaping @Sendable (ChecklistStore) throws(StoreError) -> T) throws(StoreError) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let queued = enqueue { store in
            let result: Result<T, StoreError>
            do throws(StoreError) { result = .success(try work(store)) } catch { result = .failure(error) }
            return { committed in
                box.value = committed ? result : .failure(.failure("the store could not commit"))
                done.signal()
            }
        }
        // A separate check before `submit` would race with `close()`: the job could be
        // dropped after the check and this thread would wait forever.
        guard queued else { throw .failure("the store is closed") }
        done.wait()
        guard let value = box.value else { throw .failure("the store is closed") }
        return try value.get()
    }

    /// Finishes every queued job (they commit), stops the thread and closes the database.
    public func close() {
        condition.lock()
        let alreadyStopping = stopping
        stopping = true
        condition.signal()
        condition.unlock()
        if !alreadyStopping {
            finished.wait()
            checkpointer.close()
            // Release the file now rather than at deinit, so it can be reopened at once.
            try? database.close()
        }
    }

    /// `false` once `close()` began: the health check reports it.
    public var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !stopping
    }

    /// Batches and jobs committed so far, for metrics.
    public var counts: (batches: Int, jobs: Int) { statistics.read() }

    private func run() {
        while let batch = nextBatch() {
            var afterCommits: [AfterCommit] = []
            afterCommits.reserveCapacity(batch.count)
            var committed = false
            do {
                try database.inDatabase { db in
                    try db.beginTransaction(.immediate)
                    store.beginBatch()
                    store.batchDatabase = db
                    defer { store.batchDatabase = nil }
                    for job in batch { afterCommits.append(job(store)) }
                    if store.poisoned {
                        try db.rollback()
                    } else {
                        try store.writeChangedRows()
                        try db.commit()
                        committed = true
                    }
                }
            } catch {
                try? database.inDatabase { db in if db.isInsideTransaction { try db.rollback() } }
            }
            if !committed { store.rollBackBatch() }
            store.trimCache()
            store.poisoned = false
            statistics.add(batchSize: committed ? batch.count : 0)
            if committed { checkpointer.didCommit() }
            for afterCommit in afterCommits { afterCommit(committed) }
        }
        store.closeStatements()
        finished.signal()
    }

    private func nextBatch() -> [Job]? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !stopping { condition.wait() }
        if pending.isEmpty { return nil }
        let batch = pending
        pending = []
        return batch
    }
}

/// Carries one result from the store thread to a waiting thread; the semaphore orders the
/// write before the read, which is why it may be `@unchecked Sendable`.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: Result<T, StoreError>?
}
