import Foundation
import GRDB
import GRDBSQLite

/// The store thread's loop: one transaction per batch, and every job answered.
extension StoreExecutor {
    func run() {
        while let batch = nextBatch() {
            runBatch(batch)
            store.trimCache()
            store.poisoned = false
            store.poisonCause = nil
        }
        store.closeStatements()
        finish()
    }

    /// Runs a batch in one transaction. If the transaction cannot even begin, no job runs and
    /// each is abandoned with the cause; otherwise each job's `AfterCommit` learns whether
    /// the batch committed and reached the disk. Either way the health is recorded. The
    /// results are handed to the `WALSyncer`, which releases them in batch order once the
    /// batch's writes are flushed, while this thread goes on with the next batch.
    private func runBatch(_ batch: [QueuedJob]) {
        guard !syncer.failed else {
            let reason = StoreError.failure(Self.lostWritesReason(path))
            syncer.enqueue(needsFlush: false) { _ in for job in batch { job.abandon(reason) } }
            return
        }
        reopenIfReadOnly()
        var afterCommits: [AfterCommit] = []
        afterCommits.reserveCapacity(batch.count)
        var committed = false
        var began = false
        var wrote = false
        var failure: (any Error)?
        do {
            try database.inDatabase { db in
                let changesBefore = sqlite3_total_changes(db.sqliteConnection)
                defer { wrote = sqlite3_total_changes(db.sqliteConnection) != changesBefore }
                try db.beginTransaction(.immediate)
                began = true
                store.beginBatch()
                store.batchDatabase = db
                defer { store.batchDatabase = nil }
                for job in batch { afterCommits.append(job.run(store)) }
                do {
                    if store.poisoned {
                        try db.rollback()
                    } else {
                        try store.writeChangedRows()
                        try db.commit()
                        committed = true
                    }
                } catch {
                    // A commit that failed (disk full, I/O error) leaves the transaction open:
                    // roll it back inside this access, which must not end with one open.
                    failure = error
                    if db.isInsideTransaction { try? db.rollback() }
                }
            }
        } catch {
            failure = error
        }
        if !committed { store.rollBackBatch() }
        statistics.add(batchSize: committed ? batch.count : 0)
        if committed { checkpointer.didCommit() }
        // A batch that only read proves nothing about writes (a read-only file commits it).
        if !committed || wrote { recordHealth(committed: committed, failure: failure, poisonCause: store.poisonCause) }
        if began {
            syncer.enqueue(needsFlush: committed && wrote) { [afterCommits, committed] durable in
                for afterCommit in afterCommits { afterCommit(committed && durable) }
            }
        } else {
            let reason = StoreError.failure(
                "the database cannot be written just now (\(Self.describe(failure))); nothing was changed, try again")
            syncer.enqueue(needsFlush: false) { _ in for job in batch { job.abandon(reason) } }
        }
    }

    /// SQLite opened the file read-only (its mode or attributes forbade writing) and keeps the
    /// connection that way: once the file may have been fixed, open it again, so the server
    /// recovers without a restart. Only while failing, so a healthy store pays nothing.
    private func reopenIfReadOnly() {
        guard case .failing = health else { return }
        let readOnly = database.inDatabase { db in sqlite3_db_readonly(db.sqliteConnection, "main") == 1 }
        guard readOnly, let reopened = try? DatabaseQueue(path: path, configuration: databaseConfiguration) else {
            return
        }
        store.closeStatements()
        try? database.close()
        database = reopened
    }

    /// A committed batch that wrote makes the store writable; a batch that failed in SQLite (not one a
    /// job refused on its own) makes it failing, with the cause.
    private func recordHealth(committed: Bool, failure: (any Error)?, poisonCause: String?) {
        // A failed flush (recorded by the syncer, maybe while this batch ran) is final.
        guard !syncer.failed else { return }
        let health: StoreHealth
        if committed {
            health = .writable
        } else if let failure {
            health = .failing(reason: "\(path): \(Self.describe(failure))")
        } else {
            // Rolled back because a job hit a database error mid-batch (poisoned).
            health = .failing(reason: "\(path): \(poisonCause ?? "a write failed inside a batch")")
        }
        if let changed = healthState.record(health) { healthChanged(changed) }
    }

    /// SQLite's own words for an error ("database is locked", "attempt to write a readonly
    /// database", "database or disk is full"), without GRDB's SQL dump.
    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "unknown error" }
        if let database = error as? DatabaseError {
            return database.message ?? "SQLite error \(database.resultCode.rawValue)"
        }
        if let store = error as? StoreError, case .failure(let message) = store { return message }
        return String(describing: error)
    }
}
