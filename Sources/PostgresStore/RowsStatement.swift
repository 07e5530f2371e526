import ChecklistStore

/// One statement writing many rows (`INSERT … VALUES (…), (…) …`) instead of one statement a
/// row.
///
/// Why: PostgreSQL parses and plans every statement it is sent, and for a batch of small edits
/// that cost more than the rows: five statements an edit held a server to about a thousand
/// durable edits a second on two cores, however many edits a commit carried. A batch now
/// sends one statement per table (per `maxParameters` worth of rows).
struct RowsStatement {
    /// Up to `VALUES`, e.g. `INSERT INTO events (list_id, seq) VALUES`.
    let head: String
    /// After the rows, e.g. an `ON CONFLICT` clause; may be empty.
    let tail: String
    let columns: Int

    /// PostgreSQL takes at most 65,535 parameters in a statement.
    static let maxParameters = 60_000

    /// Sends the rows (each `columns` values) in as few statements as the parameter limit allows.
    /// Rows of an `ON CONFLICT DO UPDATE` statement must have distinct keys.
    func send(_ rows: [[SQLValue]], on link: PostgresLink, in pipeline: inout PostgresLink.Pipeline)
        throws(StorageFailure)
    {
        let rowsPerStatement = max(1, Self.maxParameters / columns)
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + rowsPerStatement)
            var values: [SQLValue] = []
            values.reserveCapacity((end - start) * columns)
            for row in rows[start..<end] {
                precondition(row.count == columns, "a row of \(row.count) values for \(columns) columns")
                values.append(contentsOf: row)
            }
            try link.send(sql(rows: end - start), values, in: &pipeline)
            start = end
        }
    }

    func sql(rows: Int) -> String {
        var sql = head
        sql.reserveCapacity(head.count + tail.count + rows * columns * 5)
        var parameter = 0
        for row in 0..<rows {
            sql += row == 0 ? " (" : ", ("
            for column in 0..<columns {
                parameter += 1
                sql += column == 0 ? "$\(parameter)" : ",$\(parameter)"
            }
            sql += ")"
        }
        if !tail.isEmpty { sql += " " + tail }
        return sql
    }
}
