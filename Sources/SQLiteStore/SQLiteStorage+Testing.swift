import GRDB

extension SQLiteStorage {
    /// Makes the database file unable to grow past its current size (or lifts that), so tests
    /// can produce SQLite's real "database or disk is full" without filling a disk. Not on the
    /// store thread: the connection's queue serializes it with the batches.
    public func limitPages(toCurrentSize limited: Bool) throws {
        try database.inDatabase { db in
            if limited {
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
                _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages + 2)")
            } else {
                _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = 1073741823")
            }
        }
    }
}
