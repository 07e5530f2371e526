import ChecklistCore
import GRDB
import GRDBSQLite

/// A statement every edit runs, prepared once and bound and stepped through SQLite's C API.
///
/// Why: through GRDB each execution looked the SQL up in its statement cache and boxed every
/// argument in an existential array; at tens of thousands of edits per second that was a
/// measurable share of the store thread. Everything else goes through GRDB.
///
/// The store owns these and must `finalize()` them before the connection closes.
final class PreparedStatement {
    private var handle: OpaquePointer?
    private let connection: OpaquePointer

    init(_ db: Database, sql: String) throws {
        guard let connection = db.sqliteConnection else { throw DatabaseError(message: "the database is closed") }
        self.connection = connection
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, handle != nil else { throw error(code) }
    }

    /// Binds the text with its byte length, so a NUL inside it (JSON allows `\u0000` in an
    /// `opId` or an id) is kept rather than ending the string.
    func bind(_ index: Int32, _ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            // An empty buffer may have no address, and a nil pointer would bind NULL.
            guard let base = utf8.baseAddress, !utf8.isEmpty else {
                _ = sqlite3_bind_text(handle, index, "", 0, Self.transient)
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { bytes in
                _ = sqlite3_bind_text(handle, index, bytes, Int32(utf8.count), Self.transient)
            }
        }
    }

    func bind(_ index: Int32, _ text: String?) {
        guard let text else { sqlite3_bind_null(handle, index); return }
        bind(index, text)
    }

    /// An id binds as its text.
    func bind(_ index: Int32, _ id: some StringIdentifier) {
        bind(index, id.rawValue)
    }

    func bind(_ index: Int32, _ id: (some StringIdentifier)?) {
        bind(index, id?.rawValue)
    }

    func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ index: Int32, _ bytes: [UInt8]?) {
        guard let bytes else { sqlite3_bind_null(handle, index); return }
        bind(index, bytes)
    }

    func bind(_ index: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            _ = sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), Self.transient)
        }
    }

    /// Runs a statement that returns no rows.
    func execute() throws {
        defer { sqlite3_reset(handle) }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    /// Runs a query and hands its first row, if any, to `read`.
    func first<T>(_ read: (Row) -> T) throws -> T? {
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return read(Row(handle: handle))
        case SQLITE_DONE: return nil
        case let code: throw error(code)
        }
    }

    /// Runs a query, handing each row to `body` until it returns `false` or the rows end.
    func forEachRow(_ body: (Row) throws -> Bool) throws {
        defer { sqlite3_reset(handle) }
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: if try !body(Row(handle: handle)) { return }
            case SQLITE_DONE: return
            case let code: throw error(code)
            }
        }
    }

    func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
    }

    /// SQLite copies the bound bytes, so Swift's buffer may go away after the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The current row of a stepped query.
    struct Row {
        let handle: OpaquePointer?

        /// The column's text by its byte length (a NUL inside it is kept).
        func text(_ column: Int32) -> String? {
            guard let pointer = sqlite3_column_text(handle, column) else { return nil }
            let count = Int(sqlite3_column_bytes(handle, column))
            return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        }

        func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

        /// The column's bytes, valid until the statement steps again or resets.
        func blob(_ column: Int32) -> UnsafeRawBufferPointer {
            let start = sqlite3_column_blob(handle, column)
            return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
        }

        /// The column's bytes copied out, or `nil` when it is NULL.
        func optionalBlob(_ column: Int32) -> [UInt8]? {
            guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
            return Array(blob(column))
        }
    }
}
