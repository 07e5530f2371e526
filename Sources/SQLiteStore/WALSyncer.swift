import ChecklistStore
import Foundation
import Synchronization

/// Makes each committed batch durable on its own thread, so the store thread can run the
/// next batch while the disk flushes the last one, and releases every batch's results in
/// the order the batches ran.
///
/// Why: the store's connection commits with `synchronous=NORMAL`, which writes a batch's WAL
/// frames without waiting for the disk. This thread then calls `fdatasync(2)` on the WAL
/// file, and only after it returns are that batch's `AfterCommit`s called: no edit is
/// acknowledged or broadcast before it is on disk, exactly as with `synchronous=FULL`, but
/// the store thread no longer sits idle for the flush (docs/benchmarks.md, "The WAL flush": 1.13–
/// 1.20× acknowledged edits/s, where removing the flush altogether gave 1.18×). One flush covers every batch
/// waiting for it. SQLite still syncs the WAL header when the log restarts and the WAL before
/// each checkpoint copies it into the database, which is what keeps the file consistent.
///
/// A flush that fails means the kernel may have dropped the written pages: retrying cannot
/// tell, so nothing of that batch or any later one is ever released as committed. The
/// batches waiting are answered as not committed and `failed` is set for good, which makes
/// the store refuse every later batch until the server restarts (and SQLite recovers the
/// file from what really reached the disk). A client that resends its `opId` after the
/// restart gets the original `ack` if the edit survived, or has it applied now.
///
/// Batches that wrote nothing (reads, refusals) take their turn in the queue too, so that an
/// answer never overtakes the acknowledgement of an edit that came before it.
final class WALSyncer: @unchecked Sendable {
    /// Flushes what was committed to the database at the path to disk; false on failure.
    /// Replaced only by tests.
    typealias Flush = @Sendable (_ databasePath: String) -> Bool

    private struct Pending {
        let needsFlush: Bool
        let release: @Sendable (_ durable: Bool) -> Void
    }

    private let databasePath: String
    private let flush: Flush
    private let batches = RoundQueue<Pending>()
    /// Set on this thread, read by the store thread.
    private let failedForGood: Mutex<Bool>
    private let finished = DispatchSemaphore(value: 0)
    /// Told once, on the sync thread, when a flush fails.
    private let flushFailed: @Sendable () -> Void

    /// `failed` when a flush already failed (at start, before this thread existed).
    init(databasePath: String, failed: Bool, flush: @escaping Flush, flushFailed: @escaping @Sendable () -> Void) {
        failedForGood = Mutex(failed)
        self.databasePath = databasePath
        self.flush = flush
        self.flushFailed = flushFailed
        let thread = Thread { [self] in run() }
        thread.name = "checkwire-sync"
        thread.start()
    }

    /// Whether a flush ever failed: the store then refuses every batch (see the type's doc).
    var failed: Bool { failedForGood.withLock { $0 } }

    /// Queues a batch's release (store thread). `needsFlush` when the batch committed writes;
    /// `release(true)` is called once they are on disk, `release(false)` if a flush failed.
    func enqueue(needsFlush: Bool, release: @escaping @Sendable (_ durable: Bool) -> Void) {
        batches.append(Pending(needsFlush: needsFlush, release: release))
    }

    /// Releases everything queued (flushing what needs it), then stops the thread. After the
    /// store thread ended, so nothing is queued after it.
    func close() {
        if batches.stop() { finished.wait() }
    }

    /// Each round flushes once for every batch queued meanwhile. After a failed flush every
    /// batch is released as not durable, reads included: they may have read what was lost.
    private func run() {
        while let round = batches.nextRound() {
            var durable = !failed
            if durable, round.contains(where: \.needsFlush) {
                durable = flush(databasePath)
                if !durable {
                    failedForGood.withLock { $0 = true }
                    flushFailed()
                }
            }
            for batch in round { batch.release(durable) }
        }
        finished.signal()
    }

    /// `fdatasync(2)` on the database's WAL file, opened by path each time: SQLite may
    /// truncate the log or, when it closes, delete it, and a descriptor kept open could name a
    /// file that is no longer the log. With no log (the database is not in WAL mode, as when
    /// it was opened read-only, or the log was checkpointed and deleted) the commit wrote the
    /// database file itself, so that is the file flushed.
    static func flushToDisk(databasePath: String) -> Bool {
        var descriptor = open(databasePath + "-wal", O_RDONLY | O_CLOEXEC)
        if descriptor < 0 && errno == ENOENT { descriptor = open(databasePath, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        while fdatasync(descriptor) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }
}
