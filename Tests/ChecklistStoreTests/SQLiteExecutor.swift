import ChecklistStore
import Foundation
import GRDB
@testable import SQLiteStore
@testable import StorageRules

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
