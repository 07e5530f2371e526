import GRDB

/// The statements every edit runs (the idempotency lookup and the two inserts) and the
/// replay read, prepared once.
final class EditStatements {
    let findOp: PreparedStatement
    let insertEvent: PreparedStatement
    let insertOp: PreparedStatement
    let selectEvents: PreparedStatement

    init(_ db: Database) throws {
        findOp = try PreparedStatement(
            db, sql: "SELECT list_id, seq, created_id, parsed FROM applied_ops WHERE user_id = ? AND op_id = ?"
        )
        insertEvent = try PreparedStatement(db, sql: "INSERT INTO events (list_id, seq, payload) VALUES (?,?,?)")
        insertOp = try PreparedStatement(
            db, sql: "INSERT INTO applied_ops (user_id, op_id, list_id, seq, created_id, parsed) VALUES (?,?,?,?,?,?)"
        )
        selectEvents = try PreparedStatement(
            db, sql: "SELECT seq, payload FROM events WHERE list_id = ? AND seq > ? ORDER BY seq")
    }

    func finalize() {
        findOp.finalize()
        insertEvent.finalize()
        insertOp.finalize()
        selectEvents.finalize()
    }
}
