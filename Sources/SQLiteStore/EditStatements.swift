import GRDB

/// The statements every edit runs (the idempotency lookup and the event's insert, which is
/// also its op's acknowledgement) and the replay read, prepared once.
final class EditStatements {
    let findOp: PreparedStatement
    let insertEvent: PreparedStatement
    let selectEvents: PreparedStatement

    init(_ db: Database) throws {
        findOp = try PreparedStatement(
            db, sql: "SELECT list_id, seq, created_id, parsed FROM events WHERE user_id = ? AND op_id = ?"
        )
        insertEvent = try PreparedStatement(
            db,
            sql: "INSERT INTO events (list_id, seq, payload, user_id, op_id, created_id, parsed) VALUES (?,?,?,?,?,?,?)"
        )
        selectEvents = try PreparedStatement(
            db, sql: "SELECT seq, payload FROM events WHERE list_id = ? AND seq > ? ORDER BY seq")
    }

    func finalize() {
        findOp.finalize()
        insertEvent.finalize()
        selectEvents.finalize()
    }
}
