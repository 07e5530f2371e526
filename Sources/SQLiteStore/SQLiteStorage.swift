import ChecklistCore
public import ChecklistStore
public import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// The embedded back end: one SQLite file in WAL mode, its rows, and attachment bytes as files
/// beside it (`StoragePort`). The rules above it (`StoreRules`) are the same for every back end.
///
/// Thread-confined after opening: only the store thread calls it, inside the batch
/// `runBatch` holds open. It owns the one writing connection, the thread that flushes the WAL
/// after each commit (`WALSyncer`), the one that checkpoints it (`WALCheckpointer`) and the
/// lock that keeps a second server off the file (`DatabaseLock`).
public final class SQLiteStorage: StoragePort {
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
    /// 0.88–0.99× as many lone edits per second, ~1 ms each either way (docs/benchmarks.md).
    /// SQLite fixes the size when it creates a file, so databases made before keep theirs.
    static let newDatabasePageSize = 8192

    let path: String
    /// Replaced only on the store thread, when a read-only open may have become writable
    /// (`reopenIfReadOnly`).
    var database: DatabaseQueue
    let databaseConfiguration: Configuration
    let checkpointer: WALCheckpointer
    /// Flushes each committed batch and releases its results (see `WALSyncer`).
    private(set) var syncer: WALSyncer!
    /// What makes the WAL durable (replaced by tests); the syncer calls it after each batch.
    let flushWAL: WALSyncer.Flush
    let lock: DatabaseLock
    /// Where attachment bytes live, each content once, beside the database.
    let files: AttachmentFiles
    public let initialHealth: StoreHealth
    public internal(set) var startupNotes: [String] = []
    /// Told when a flush fails (set by the executor before the store thread starts).
    private let permanentFailure = PermanentFailureReport()
    /// Whether the last batch failed: only then may a read-only connection be opened again.
    var lastBatchFailed: Bool
    /// Prepared on first use; finalized before the connection closes.
    var editStatements: EditStatements?
    /// The connection of the batch being run; only valid inside `runBatch`.
    var batchDatabase: Database?
    /// Which checklist each search document is in, and who reads what (see `SearchDocuments`).
    var searchDocuments = SearchDocuments()

    var db: Database {
        guard let batchDatabase else { preconditionFailure("the SQLite store is used only inside a batch") }
        return batchDatabase
    }

    /// Opens (creating and migrating when new) the SQLite file at `path` in WAL mode, and
    /// starts the thread that flushes its commits (`WALSyncer`). Attachment bytes live in
    /// `attachmentsDirectory` (default: `PATH-attachments` beside the file).
    ///
    /// Throws when another server holds the database (`DatabaseLock`) or the file cannot be
    /// opened or migrated; the message names the file. A database that opens but cannot be
    /// written (read-only, locked, full) opens with `initialHealth` failing rather than
    /// refusing: it may recover without a restart.
    public convenience init(
        path: String, attachmentsDirectory: String? = nil, busyTimeout: TimeInterval = SQLiteStorage.defaultBusyTimeout
    ) throws(StoreError) {
        try self.init(
            path: path, attachmentsDirectory: attachmentsDirectory, busyTimeout: busyTimeout,
            flush: WALSyncer.flushToDisk(databasePath:))
    }

    /// As above, with the call that flushes the WAL to disk replaced (tests make it fail).
    init(path: String, attachmentsDirectory: String?, busyTimeout: TimeInterval, flush: @escaping WALSyncer.Flush)
        throws(StoreError)
    {
        self.path = path
        flushWAL = flush
        lock = try DatabaseLock(databasePath: path)
        files = AttachmentFiles(directory: attachmentsDirectory ?? path + "-attachments")
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
            // The connection's own checkpoint only as a fallback (`WALCheckpointer` copies the
            // log on its own thread), at the same number of bytes whatever the page size.
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? Self.newDatabasePageSize
            try db.execute(
                sql: "PRAGMA wal_autocheckpoint = \(WALCheckpointer.writerFallbackPages(pageSize: pageSize))")
            // A 64 MiB page cache (SQLite's default is 2 MiB): at 200,000 items the open-dated
            // index alone is ~18 MB, and with the default a week's `agenda` spent 16 % of its
            // time in pread() fetching the same pages again (docs/benchmarks.md).
            try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)")
        }
        databaseConfiguration = configuration
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Schema.migrate(database)
            checkpointer = try WALCheckpointer(path: path)
            try files.prepare()
        } catch {
            lock.release()
            throw StoreError.failure("cannot open the database \(path): \(Self.describe(error))")
        }
        var health = Self.probeWritable(database, path: path)
        // The migrations above committed without a flush: make them durable before serving. A
        // failure here is final, as for any batch (`WALSyncer`).
        let flushedAtStart = flush(path)
        if !flushedAtStart { health = .failing(reason: Self.lostWritesReason(path)) }
        initialHealth = health
        lastBatchFailed = health != .writable
        syncer = WALSyncer(databasePath: path, failed: !flushedAtStart, flush: flush) {
            [permanentFailure, path] in
            permanentFailure.report(Self.lostWritesReason(path))
        }
        removeUnreferencedAttachments()
        loadSearchDocuments()
    }

    public var location: String { path }

    public var uploadDirectory: String { files.temporaryDirectory }

    public func onPermanentFailure(_ report: @escaping @Sendable (String) -> Void) {
        permanentFailure.install(report)
    }

    /// Starts with the truth about writes: a read-only file or a lock held elsewhere makes the
    /// store failing from the start (and it recovers with the first batch that commits).
    private static func probeWritable(_ database: DatabaseQueue, path: String) -> StoreHealth {
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
            return .writable
        } catch {
            return .failing(reason: "\(path): \(describe(error))")
        }
    }

    /// Files no attachment names: uploads whose edit never committed (a crash between the
    /// two). Kept only while something refers to them. Read-only: a store that cannot be read
    /// now keeps every file.
    private func removeUnreferencedAttachments() {
        guard
            let referenced = try? database.read({ db in
                Set(try String.fetchAll(db, sql: "SELECT DISTINCT sha256 FROM attachments"))
            })
        else { return }
        let removed = files.removeUnreferenced(keeping: referenced)
        if removed > 0 { startupNotes.append("removed \(removed) attachment files no attachment names") }
    }

    /// Why every batch is refused after a flush failed (see `WALSyncer`).
    static func lostWritesReason(_ path: String) -> String {
        "\(path): the disk failed to confirm a write (fdatasync), so what was written since the last "
            + "confirmed flush may be lost; no edit is accepted until the server restarts"
    }

    /// SQLite's own words for an error ("database is locked", "attempt to write a readonly
    /// database", "database or disk is full"), without GRDB's SQL dump.
    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "unknown error" }
        if let database = error as? DatabaseError {
            return database.message ?? "SQLite error \(database.resultCode.rawValue)"
        }
        if let store = error as? StoreError, case .failure(let message) = store { return message }
        if let failure = error as? StorageFailure { return failure.message }
        return String(describing: error)
    }

    /// Runs `body`, turning SQLite's errors into the port's: the one place they cross it.
    func guarded<T>(_ body: () throws -> T) throws(StorageFailure) -> T {
        do { return try body() } catch { throw StorageFailure(Self.describe(error)) }
    }
}

/// Where the store reports a flush that failed; installed before the store thread starts, then
/// only read.
final class PermanentFailureReport: Sendable {
    private let reporter = Mutex<(@Sendable (String) -> Void)?>(nil)

    func install(_ report: @escaping @Sendable (String) -> Void) {
        reporter.withLock { $0 = report }
    }

    func report(_ reason: String) {
        let reporter = self.reporter.withLock { $0 }
        reporter?(reason)
    }
}
