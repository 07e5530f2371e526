import ChecklistCore
public import ChecklistStore
import GRDB

/// Counts of failed logins and signups (`attempts`), kept with the data like everything else.
extension SQLiteStorage {
    public func attempts(_ key: AttemptKey) throws(StorageFailure) -> AttemptCount? {
        try guarded {
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT count, first_at, last_at FROM attempts WHERE kind = ? AND address = ? AND username = ?"
                ),
                arguments: [key.kind.rawValue, key.address, key.username])
            return row.map { row in
                AttemptCount(
                    count: row[0], first: Timestamp(milliseconds: row[1]), last: Timestamp(milliseconds: row[2]))
            }
        }
    }

    public func write(_ change: AttemptChange) throws(StorageFailure) {
        try guarded {
            switch change {
            case .counted(let key, let at, let startOverBefore, let from):
                let end = from == .first ? "first_at" : "last_at"
                try db.cachedStatement(
                    sql: """
                        INSERT INTO attempts (kind, address, username, count, first_at, last_at) VALUES (?,?,?,1,?,?)
                        ON CONFLICT (kind, address, username) DO UPDATE SET
                            count = CASE WHEN \(end) < ? THEN 1 ELSE count + 1 END,
                            first_at = CASE WHEN \(end) < ? THEN excluded.first_at ELSE first_at END,
                            last_at = excluded.last_at
                        """
                ).execute(arguments: [
                    key.kind.rawValue, key.address, key.username, at.milliseconds, at.milliseconds,
                    startOverBefore.milliseconds, startOverBefore.milliseconds,
                ])
            case .cleared(let key):
                try db.cachedStatement(sql: "DELETE FROM attempts WHERE kind = ? AND address = ? AND username = ?")
                    .execute(arguments: [key.kind.rawValue, key.address, key.username])
            case .forgotten(let lastBefore):
                try db.cachedStatement(sql: "DELETE FROM attempts WHERE last_at < ?")
                    .execute(arguments: [lastBefore.milliseconds])
            }
        }
    }
}
