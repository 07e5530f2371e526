public import ChecklistStore
import Foundation

/// A PostgreSQL database filled by `checkwire copy-store`: the narrow way into this target for a
/// copy from another back end. It makes the schema with the store's own migrations, takes rows
/// as `CopiedValue`s and stores each as its column's type holds it, and answers the checks the
/// copy ends with. Every message names the database with its password masked.
///
/// The database must hold no rows when the copy starts (`start`), and is marked incomplete
/// (`IncompleteCopyMark`) until `finish`: servers refuse it until then.
public final class PostgresImport {
    public let url: PostgresURL
    private let link: PostgresLink
    /// Whether the database carries this copy's incomplete mark (`start` made it, `finish` not
    /// yet removed it): what a failure leaves behind.
    public private(set) var isMarked = false
    /// Each table's columns and their PostgreSQL types, read once the schema is made.
    private var columnTypes: [String: [String: String]] = [:]

    /// Connects; throws when the server cannot be reached, refuses the credentials or has no
    /// such database.
    public init(url: PostgresURL) throws(StoreError) {
        self.url = url
        link = PostgresLink(url: url, label: "checkwire.copy")
        do { _ = try link.connected() } catch {
            link.shutdown()
            throw .failure("cannot connect to \(url): \(error.message)")
        }
    }

    /// The tables of the database's schema that hold rows, or the reason it may not be copied
    /// into: an earlier copy's mark. Empty when the copy may start.
    public func occupation() throws(StoreError) -> [String] {
        try guarded { () throws(StorageFailure) in try occupiedTables() }
    }

    private func occupiedTables() throws(StorageFailure) -> [String] {
        if try link.query("SELECT to_regclass($1) IS NOT NULL", [.text(IncompleteCopyMark.table)]).first?.bool(0)
            == true
        {
            return [IncompleteCopyMark.table]
        }
        var occupied: [String] = []
        for table in try tables() where table != "checkwire_schema" {
            if try link.query("SELECT EXISTS (SELECT 1 FROM \(Self.quoted(table)))").first?.bool(0) == true {
                occupied.append(table)
            }
        }
        return occupied
    }

    /// Marks the database incomplete, naming `source`, and makes (or completes) the schema with
    /// the store's migrations; refuses when it is not empty any more (another copy or a server
    /// got there first: the check is made again under the migration lock).
    public func start(source: String) throws(StoreError) {
        try guarded { () throws(StorageFailure) in
            try link.query("SELECT pg_advisory_lock($1)", [.int(PostgresSchema.migrationLock)])
            defer { _ = try? link.query("SELECT pg_advisory_unlock($1)", [.int(PostgresSchema.migrationLock)]) }
            let occupied = try occupiedTables()
            guard occupied.isEmpty else {
                throw StorageFailure("\(url) is no longer empty (\(occupied.joined(separator: ", ")) now hold rows)")
            }
            try link.query("BEGIN")
            do throws(StorageFailure) {
                try link.query(IncompleteCopyMark.create)
                try link.query(
                    "INSERT INTO \(IncompleteCopyMark.table) (source) VALUES ($1)", [.text(source)])
                try link.query("COMMIT")
            } catch {
                _ = try? link.query("ROLLBACK")
                throw error
            }
            isMarked = true
            try PostgresSchema.migrate(link, copying: true)
            for row in try link.query(
                "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()"
            ) {
                columnTypes[row.string(0), default: [:]][row.string(1)] = row.string(2)
            }
        }
    }

    /// The columns of `table` in the target, by name; empty when it has no such table.
    public func columns(of table: String) -> Set<String> {
        Set(columnTypes[table].map { Array($0.keys) } ?? [])
    }

    /// Inserts `rows` (values in `columns` order) into `table` in one transaction, each value
    /// as its column's type holds it (see `SQLValue(copied:as:column:)`).
    public func insert(into table: String, columns: [String], rows: [[CopiedValue]]) throws(StoreError) {
        guard !rows.isEmpty else { return }
        let types = try columns.map { (column) throws(StoreError) in
            guard let type = columnTypes[table]?[column] else {
                throw StoreError.failure("\(url) has no column \(table).\(column) to copy into")
            }
            return type
        }
        // PostgreSQL takes at most 65,535 parameters per statement.
        let perStatement = max(1, min(500, 30_000 / max(1, columns.count)))
        let names = columns.map(Self.quoted).joined(separator: ", ")
        try guarded { () throws(StorageFailure) in
            try link.query("BEGIN")
            do throws(StorageFailure) {
                var start = 0
                while start < rows.count {
                    let chunk = rows[start..<min(start + perStatement, rows.count)]
                    var values: [SQLValue] = []
                    values.reserveCapacity(chunk.count * columns.count)
                    var tuples: [String] = []
                    for row in chunk {
                        let first = values.count + 1
                        for (index, value) in row.enumerated() {
                            values.append(
                                try SQLValue(copied: value, as: types[index], column: "\(table).\(columns[index])"))
                        }
                        tuples.append("(" + (first..<(first + row.count)).map { "$\($0)" }.joined(separator: ",") + ")")
                    }
                    try link.query(
                        "INSERT INTO \(Self.quoted(table)) (\(names)) VALUES \(tuples.joined(separator: ","))", values)
                    start += perStatement
                }
                try link.query("COMMIT")
            } catch {
                _ = try? link.query("ROLLBACK")
                throw error
            }
        }
    }

    /// Stores one attachment's bytes, as the store keeps an upload's (`attachment_bytes`).
    public func insertAttachmentBytes(sha256: String, bytes: [UInt8]) throws(StoreError) {
        try guarded { () throws(StorageFailure) in
            _ = try link.execute(
                """
                INSERT INTO attachment_bytes (sha256, size, bytes, stored_at)
                VALUES ($1, $2, $3, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
                """, [.text(sha256), .int(Int64(bytes.count)), .bytes(bytes)])
        }
    }

    public func count(of table: String) throws(StoreError) -> Int64 {
        try guarded { () throws(StorageFailure) in
            try link.query("SELECT count(*) FROM \(Self.quoted(table))").first?.int64(0) ?? 0
        }
    }

    /// The bytes of every event, summed (compared with the source's).
    public func eventBytes() throws(StoreError) -> Int64 {
        try guarded { () throws(StorageFailure) in
            try link.query("SELECT COALESCE(sum(length(payload)), 0)::bigint FROM events").first?.int64(0) ?? 0
        }
    }

    public func serverKey() throws(StoreError) -> [UInt8]? {
        try guarded { () throws(StorageFailure) in
            try link.query("SELECT key FROM server_key WHERE id = 1").first?.bytes(0)
        }
    }

    /// Each checklist whose events are not `1…head` once each: `count(events) = max(seq) =
    /// lists.seq` fails, or events name a checklist that has no row. Returns how many
    /// checklists were checked, and a line per one that failed (at most `limit`).
    public func seqMismatches(limit: Int = 10) throws(StoreError) -> (checked: Int64, mismatches: [String]) {
        try guarded { () throws(StorageFailure) in
            let checked = try link.query("SELECT count(*) FROM lists").first?.int64(0) ?? 0
            var mismatches = try link.query(
                """
                SELECT l.id, l.seq, count(e.seq), COALESCE(max(e.seq), 0)
                FROM lists l LEFT JOIN events e ON e.list_id = l.id
                GROUP BY l.id, l.seq
                HAVING count(e.seq) <> l.seq OR COALESCE(max(e.seq), 0) <> l.seq
                ORDER BY l.id LIMIT $1
                """, [.int(Int64(limit))]
            ).map { row in
                "checklist \(row.string(0)): head seq \(row.int64(1)), \(row.int64(2)) events, highest seq \(row.int64(3))"
            }
            mismatches += try link.query(
                """
                SELECT list_id, count(*) FROM events e WHERE NOT EXISTS (SELECT 1 FROM lists l WHERE l.id = e.list_id)
                GROUP BY list_id ORDER BY list_id LIMIT $1
                """, [.int(Int64(limit))]
            ).map { row in "\(row.int64(1)) events of checklist \(row.string(0)), which has no row" }
            return (checked, mismatches)
        }
    }

    /// Removes the incomplete mark: from now on servers start on the database.
    public func finish() throws(StoreError) {
        try guarded { () throws(StorageFailure) in
            _ = try link.execute("DROP TABLE \(IncompleteCopyMark.table)")
        }
        isMarked = false
    }

    public func close() {
        link.shutdown()
    }

    private func tables() throws(StorageFailure) -> [String] {
        try link.query(
            """
            SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname
            """
        ).map { $0.string(0) }
    }

    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private func guarded<T>(_ body: () throws(StorageFailure) -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw .failure("\(url): \(error.message)") }
    }
}

extension SQLValue {
    /// A copied value as the target column's type holds it: SQLite's integers 0 and 1 as
    /// booleans, text as UTF-8 bytes in a `BYTEA` column (opIds: PostgreSQL's text cannot hold
    /// the NUL a client may send), integers as reals where the column is one. Text is stored
    /// with its NUL escaped, as the store writes it (`NulEscape`, in the bindings). Any other
    /// pairing is an error naming the column.
    init(copied value: CopiedValue, as type: String, column: String) throws(StorageFailure) {
        switch (value, type) {
        case (.null, _): self = .text(nil)
        case (.integer(let number), "bigint"), (.integer(let number), "integer"), (.integer(let number), "smallint"):
            self = .int(number)
        case (.integer(let number), "boolean"): self = .bool(number != 0)
        case (.integer(let number), "double precision"): self = .real(Double(number))
        case (.real(let number), "double precision"): self = .real(number)
        case (.text(let text), "text"): self = .text(text)
        case (.text(let text), "bytea"): self = .bytes(Array(text.utf8))
        case (.blob(let bytes), "bytea"): self = .bytes(bytes)
        default:
            throw StorageFailure("\(column) holds \(value.kind), which a PostgreSQL \(type) column cannot take")
        }
    }
}
