public import ChecklistCore
public import ChecklistStore

/// Counts of failed logins and signups, shared by every server on the database. A count is
/// one row, changed by an increment under its row lock, so two servers counting at once
/// both count.
extension PostgresStorage {
    public func attempts(_ key: AttemptKey) throws(StorageFailure) -> AttemptCount? {
        let rows = try link.query(
            "SELECT count, first_at, last_at FROM attempts WHERE kind = $1 AND address = $2 AND username = $3",
            [.text(key.kind.rawValue), .text(key.address), .text(key.username)])
        return rows.first.map { row in
            AttemptCount(
                count: Int(row.int64(0)), first: Timestamp(milliseconds: row.int64(1)),
                last: Timestamp(milliseconds: row.int64(2)))
        }
    }

    public func write(_ change: AttemptChange) throws(StorageFailure) {
        wroteInBatch = true
        switch change {
        case .counted(let key, let at, let startOverBefore, let from):
            let end = from == .first ? "attempts.first_at" : "attempts.last_at"
            try link.query(
                """
                INSERT INTO attempts AS attempts (kind, address, username, count, first_at, last_at)
                    VALUES ($1, $2, $3, 1, $4, $4)
                ON CONFLICT (kind, address, username) DO UPDATE SET
                    count = CASE WHEN \(end) < $5 THEN 1 ELSE attempts.count + 1 END,
                    first_at = CASE WHEN \(end) < $5 THEN EXCLUDED.first_at ELSE attempts.first_at END,
                    last_at = EXCLUDED.last_at
                """,
                [.text(key.kind.rawValue), .text(key.address), .text(key.username), .time(at), .time(startOverBefore)])
        case .cleared(let key):
            try link.query(
                "DELETE FROM attempts WHERE kind = $1 AND address = $2 AND username = $3",
                [.text(key.kind.rawValue), .text(key.address), .text(key.username)])
        case .forgotten(let lastBefore):
            try link.query("DELETE FROM attempts WHERE last_at < $1", [.time(lastBefore)])
        }
    }
}
