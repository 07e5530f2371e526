public import ChecklistStore
import Foundation
import GRDB

/// A SQLite database read whole, table by table, for `checkwire copy-store`: the narrow way out
/// of this target for a copy to another back end (only this target sees GRDB).
///
/// It holds the file's `DatabaseLock` from opening to `close()`, so no server can start on
/// the file mid-copy and none may hold it when the copy begins. The file is first migrated to
/// this build's schema, as `serve` would, so that its tables are the ones the copy knows.
public final class SQLiteExport {
    public let path: String
    /// Where the file's attachment bytes are, each under its SHA-256.
    public let attachments: AttachmentFiles
    private let lock: DatabaseLock
    private let database: DatabaseQueue

    /// Throws when there is no such file, a server holds it (the message names its pid), or it
    /// cannot be opened or migrated (written by a newer Checkwire, say).
    public init(path: String, attachmentsDirectory: String? = nil) throws(StoreError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .failure("there is no SQLite database at \(path)")
        }
        self.path = path
        attachments = AttachmentFiles(directory: attachmentsDirectory ?? path + "-attachments")
        lock = try DatabaseLock(databasePath: path)
        var configuration = Configuration()
        configuration.label = "checkwire.copy"
        configuration.busyMode = .timeout(SQLiteStorage.defaultBusyTimeout)
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Schema.migrate(database)
        } catch {
            lock.release()
            throw .failure("cannot open the database \(path): \(SQLiteStorage.describe(error))")
        }
    }

    /// Every table of the file, FTS5's own included, in the order they were made.
    public func tableNames() throws(StoreError) -> [String] {
        try reading { db in
            try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
        }
    }

    public func columns(of table: String) throws(StoreError) -> [String] {
        try reading { db in try db.columns(in: table).map(\.name) }
    }

    public func count(of table: String) throws(StoreError) -> Int64 {
        try reading { db in try Int64.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0 }
    }

    /// The bytes of every event, summed: compared with the copy's.
    public func eventBytes() throws(StoreError) -> Int64 {
        try reading { db in try Int64.fetchOne(db, sql: "SELECT COALESCE(sum(length(payload)), 0) FROM events") ?? 0 }
    }

    /// The SHA-256 and size of each stored content that an attachment names.
    public func attachmentContents() throws(StoreError) -> [(sha256: String, size: Int64)] {
        try reading { db in
            try Row.fetchAll(db, sql: "SELECT sha256, max(size) FROM attachments GROUP BY sha256 ORDER BY sha256").map {
                (sha256: $0[0], size: $0[1])
            }
        }
    }

    /// The server's key: the row, or for a file no 0.18.0 server has opened yet the
    /// `DATABASE.key` file earlier versions kept beside it (as `serve` would move it in).
    public func serverKey() throws(StoreError) -> [UInt8]? {
        let stored = try reading { db in try Data.fetchOne(db, sql: "SELECT key FROM server_key WHERE id = 1") }
        if let stored { return Array(stored) }
        guard let file = FileManager.default.contents(atPath: path + ".key"), file.count == 32 else { return nil }
        return Array(file)
    }

    /// Reads `columns` of `table` in one read transaction, `batchSize` rows at a time, in
    /// `order` (an ORDER BY clause, or none), and hands each batch to `body`. Text is read as
    /// its bytes (`CAST … AS BLOB`): text with NUL in it arrives whole (the ids and text a client
    /// sent), where reading it as a C string would cut it short.
    public func readRows(
        of table: String, columns: [String], order: String?, batchSize: Int,
        _ body: ([[CopiedValue]]) throws(StoreError) -> Void
    ) throws(StoreError) {
        let selected = columns.map { name in
            let column = name.quotedDatabaseIdentifier
            return
                "typeof(\(column)), CASE typeof(\(column)) WHEN 'text' THEN CAST(\(column) AS BLOB) ELSE \(column) END"
        }
        let sql =
            "SELECT \(selected.joined(separator: ", ")) FROM \(table.quotedDatabaseIdentifier)"
            + (order.map { " ORDER BY \($0)" } ?? "")
        var bodyError: StoreError?
        try reading { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            var batch: [[CopiedValue]] = []
            batch.reserveCapacity(batchSize)
            while let row = try cursor.next() {
                batch.append((0..<columns.count).map { Self.value(row, at: $0 * 2) })
                if batch.count == batchSize {
                    do throws(StoreError) { try body(batch) } catch {
                        bodyError = error
                        return
                    }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty {
                do throws(StoreError) { try body(batch) } catch { bodyError = error }
            }
        }
        if let bodyError { throw bodyError }
    }

    /// The value at `index + 1`, its kind at `index`.
    private static func value(_ row: Row, at index: Int) -> CopiedValue {
        let kind: String = row[index]
        let value: DatabaseValue = row[index + 1]
        switch value.storage {
        case .null: return .null
        case .int64(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .string(let text): return kind == "blob" ? .blob(Array(text.utf8)) : .text(text)
        case .blob(let data): return kind == "text" ? .text(String(decoding: data, as: UTF8.self)) : .blob(Array(data))
        }
    }

    /// Releases the file for servers again.
    public func close() {
        try? database.close()
        lock.release()
    }

    private func reading<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch let error as StoreError { throw error } catch {
            throw .failure("cannot read \(path): \(SQLiteStorage.describe(error))")
        }
    }
}
