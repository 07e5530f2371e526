import GRDB

import ChecklistStore
@testable import SQLiteStore
@testable import StorageRules

extension StoreExecutor {
    /// Runs `body` on the store thread with the store's own connection, for tests that look at
    /// the file's rows and settings; a database error fails the test.
    func onConnection<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> T {
        try sync { storage throws(StoreError) in
            do {
                return try body((storage.port as! SQLiteStorage).db)
            } catch {
                throw .failure("\(error)")
            }
        }
    }
}

/// What the store set on its connection, as SQLite reports it.
struct ConnectionSettings: Equatable, Sendable {
    var pageSize: Int
    var synchronous: Int
    /// The log's fallback checkpoint, in pages.
    var autocheckpoint: Int
    var cacheSize: Int
}

extension StoreExecutor {
    func connectionSettings() throws -> ConnectionSettings {
        try onConnection { db in
            ConnectionSettings(
                pageSize: try Int.fetchOne(db, sql: "PRAGMA page_size") ?? -1,
                synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                autocheckpoint: try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? -1,
                cacheSize: try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -1)
        }
    }
}
