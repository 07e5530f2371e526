public import ChecklistStore
import GRDB
import GRDBSQLite

/// Batches: one `BEGIN IMMEDIATE` … `COMMIT` per batch on the one connection, results
/// released by `WALSyncer` once the WAL is flushed.
extension SQLiteStorage {
    /// `runBatch` with SQLite's busy timeout off for the batch's `BEGIN IMMEDIATE`: a write
    /// lock held by another connection fails it at once ("database is locked").
    public func runBatchUnlessLocked(_ body: () throws(StorageFailure) -> BatchEnd) -> BatchOutcome {
        guard case .timeout(let seconds) = databaseConfiguration.busyMode else { return runBatch(body) }
        database.inDatabase { db in _ = sqlite3_busy_timeout(db.sqliteConnection, 0) }
        defer {
            database.inDatabase { db in _ = sqlite3_busy_timeout(db.sqliteConnection, Int32(seconds * 1000)) }
        }
        return runBatch(body)
    }

    public func runBatch(_ body: () throws(StorageFailure) -> BatchEnd) -> BatchOutcome {
        guard !syncer.failed else {
            return .didNotBegin(StorageFailure(Self.lostWritesReason(path), kind: .permanent))
        }
        reopenIfReadOnly()
        searchDocuments.batchBegan()
        var outcome = BatchOutcome.rolledBack(nil)
        database.inDatabase { db in
            let changesBefore = sqlite3_total_changes(db.sqliteConnection)
            do {
                try db.beginTransaction(.immediate)
            } catch {
                outcome = .didNotBegin(StorageFailure(Self.describe(error)))
                return
            }
            batchDatabase = db
            defer { batchDatabase = nil }
            do {
                switch try body() {
                case .rollBack:
                    try db.rollback()
                    outcome = .rolledBack(nil)
                case .commit:
                    try db.commit()
                    outcome = .committed(wrote: sqlite3_total_changes(db.sqliteConnection) != changesBefore)
                }
            } catch {
                // A commit that failed (disk full, I/O error) leaves the transaction open: roll
                // it back inside this access, which must not end with one open.
                if db.isInsideTransaction { try? db.rollback() }
                outcome = .rolledBack(StorageFailure(Self.describe(error)))
            }
        }
        switch outcome {
        case .committed(let wrote):
            checkpointer.didCommit()
            if wrote { lastBatchFailed = false }
        case .didNotBegin:
            lastBatchFailed = true
        case .rolledBack:
            lastBatchFailed = true
            searchDocuments.rollBack()
        }
        return outcome
    }

    public func releaseAfterBatch(wrote: Bool, _ release: @escaping @Sendable (Bool) -> Void) {
        syncer.enqueue(needsFlush: wrote, release: release)
    }

    /// Finalizes the prepared statements, releases what is queued, and closes the file (store
    /// thread, as it ends).
    public func close() {
        editStatements?.finalize()
        editStatements = nil
        syncer.close()
        checkpointer.close()
        // Release the file now rather than at deinit, so it can be reopened at once.
        try? database.close()
        lock.release()
    }

    /// SQLite opened the file read-only (its mode or attributes forbade writing) and keeps the
    /// connection that way: once the file may have been fixed, open it again, so the server
    /// recovers without a restart. Only while failing, so a healthy store pays nothing.
    private func reopenIfReadOnly() {
        guard lastBatchFailed else { return }
        let readOnly = database.inDatabase { db in sqlite3_db_readonly(db.sqliteConnection, "main") == 1 }
        guard readOnly, let reopened = try? DatabaseQueue(path: path, configuration: databaseConfiguration) else {
            return
        }
        editStatements?.finalize()
        editStatements = nil
        try? database.close()
        database = reopened
    }

    /// The per-edit statements, prepared on first use in this connection.
    func statements() throws -> EditStatements {
        if let editStatements { return editStatements }
        let prepared = try EditStatements(db)
        editStatements = prepared
        return prepared
    }
}
