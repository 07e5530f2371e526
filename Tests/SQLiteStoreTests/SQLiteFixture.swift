import ChecklistStore
import Foundation
@testable import SQLiteStore
@testable import StorageRules
import StoreTestSupport

/// The rules over a real SQLite file, for the tests of SQLite itself (pages, the WAL, the
/// checkpointer, locks, migrations of old files).
extension StoreExecutor {
    /// The rules over a SQLite file at `path`, as `openStore` makes them, with the bounds a
    /// test chooses.
    convenience init(
        path: String, encodeEvent: @escaping EventEncoder, cachedChecklists: Int = StoreRules.defaultCachedChecklists,
        cacheBytes: Int = StoreRules.defaultCacheBytes, limits: StoreLimits = .defaults,
        busyTimeout: TimeInterval = SQLiteStorage.defaultBusyTimeout
    ) throws(StoreError) {
        try self.init(
            port: SQLiteStorage(path: path, busyTimeout: busyTimeout), encodeEvent: encodeEvent,
            cachedChecklists: cachedChecklists, cacheBytes: cacheBytes, limits: limits)
    }

    /// The SQLite back end beneath the rules.
    var sqlite: SQLiteStorage { port as! SQLiteStorage }

    /// See `SQLiteStorage.limitPages`.
    func limitPages(toCurrentSize limited: Bool) throws {
        try sqlite.limitPages(toCurrentSize: limited)
    }
}

extension StoreFixture {
    /// Opens the store at `path`, runs `body`, and closes it whatever happens.
    static func withStore<T>(at path: String, limits: StoreLimits = .defaults, _ body: (StoreExecutor) throws -> T)
        throws -> T
    {
        let executor = try StoreExecutor(path: path, encodeEvent: encode, limits: limits)
        defer { executor.close() }
        return try body(executor)
    }

    /// A store on a new temporary file.
    static func withStore<T>(_ body: (StoreExecutor) throws -> T) throws -> T {
        try withDatabasePath { path in try withStore(at: path, body) }
    }
}
