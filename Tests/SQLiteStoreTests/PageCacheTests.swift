import ChecklistStore
import Foundation
import GRDB
import GRDBSQLite
import StoreTestSupport
import Testing
import SQLiteStore

/// `CSQLitePageCache` wraps SQLite's page cache to skip the walk of the whole cache at
/// commits; a truncation that would remove pages must still reach the cache.
@Suite struct PageCacheTests {
    @Test func theWrapperIsInstalledBeforeAnyConnection() {
        #expect(SQLiteStorage.pageCacheWrapped, "SQLite refused the page cache: connections use the default one")
    }

    /// A commit that shrinks the database still drops the pages past its new end from the
    /// cache, and the data stays whole through commits whose B-tree balancing parks pages.
    @Test func pagesPastAShrunkDatabaseLeaveTheCache() throws {
        try StoreFixture.withDatabasePath { path in
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                // Incremental vacuum: a commit that gives free pages back shrinks the file.
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA cache_size = -65536")
                try db.execute(sql: "CREATE TABLE rows (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
                // Keys in scattered order split index pages away from the end: the balancing
                // that parks a page while it reorders the new siblings.
                for batch in 0..<10 {
                    try db.inTransaction {
                        for number in 0..<200 { try Self.insert(db, number: batch * 200 + number) }
                        return .commit
                    }
                }
                #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
                try db.execute(sql: "DELETE FROM rows WHERE rowid > 200")
                let pagesBefore = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let cachedBefore = try Self.cachedBytes(db)
                try db.execute(sql: "PRAGMA incremental_vacuum")
                let pagesAfter = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let cachedAfter = try Self.cachedBytes(db)
                #expect(
                    pagesAfter * 4 < pagesBefore,
                    "the vacuum did not shrink the database: \(pagesBefore) → \(pagesAfter)")
                #expect(
                    cachedAfter * 2 < cachedBefore,
                    "pages past the database's end stayed cached: \(cachedBefore) → \(cachedAfter) bytes")

                #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM rows") == 200)
                let key = Self.key(7)
                let value = try Data.fetchOne(db, sql: "SELECT value FROM rows WHERE key = ?", arguments: [key])
                #expect(value == Self.value(for: key))
            }
        }
    }

    static func key(_ number: Int) -> String { "k\((number &* 7_919) % 4_001)-\(number)" }

    static func value(for key: String) -> Data {
        Data(repeating: UInt8(truncatingIfNeeded: key.utf8.count), count: 1_000)
    }

    static func insert(_ db: Database, number: Int) throws {
        let key = key(number)
        try db.execute(sql: "INSERT INTO rows (key, value) VALUES (?, ?)", arguments: [key, value(for: key)])
    }

    /// The bytes of this connection's page cache (SQLite counts its pages as the cache has them).
    static func cachedBytes(_ db: Database) throws -> Int32 {
        var current: Int32 = 0
        var highest: Int32 = 0
        let result = sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
        guard result == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: result)) }
        return current
    }
}
