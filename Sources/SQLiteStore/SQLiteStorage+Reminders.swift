public import ChecklistCore
public import ChecklistStore
import GRDB

/// Reminder claims, deliveries and snoozes.
///
/// Exactly once: an occurrence is claimed by inserting its row into `reminder_claims`
/// (primary key `(list, item, kind, at)`), a snooze's end by deleting its row; only the
/// statement that changed a row wins.
extension SQLiteStorage {
    public func claim(_ claim: ReminderClaim, at now: Timestamp) throws(StorageFailure) -> Bool {
        try guarded {
            switch claim {
            case .occurrence(let occurrence):
                try db.cachedStatement(
                    sql:
                        "INSERT OR IGNORE INTO reminder_claims (list_id, item_id, kind, at, fired_at) VALUES (?,?,?,?,?)"
                )
                .execute(arguments: [
                    occurrence.listID, occurrence.itemID, occurrence.kind.rawValue, occurrence.at.milliseconds,
                    now.milliseconds,
                ])
            case .snoozeEnd(let snooze):
                try db.cachedStatement(
                    sql: "DELETE FROM reminder_snoozes WHERE user_id = ? AND list_id = ? AND item_id = ? AND until = ?"
                )
                .execute(arguments: [snooze.userID, snooze.listID, snooze.itemID, snooze.until.milliseconds])
            }
            return db.changesCount == 1
        }
    }

    public func reminderRecords(_ query: ReminderQuery) throws(StorageFailure) -> [ReminderRecord] {
        try guarded {
            switch query {
            case .undismissedDeliveries(let userID, let since):
                return try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT list_id, item_id, kind, at FROM reminder_deliveries
                            WHERE user_id = ? AND dismissed = 0 AND at >= ? ORDER BY at
                            """), arguments: [userID, since.milliseconds]
                ).map { row in
                    .delivery(
                        ReminderDeliveryRecord(
                            userID: userID, listID: row[0], itemID: row[1],
                            kind: ReminderKind(rawValue: row[2]) ?? .every, at: Timestamp(milliseconds: row[3]),
                            dismissed: false))
                }
            case .lastDelivery(let userID, let listID, let itemID):
                return try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT kind, at, dismissed FROM reminder_deliveries
                            WHERE user_id = ? AND list_id = ? AND item_id = ?
                            """), arguments: [userID, listID, itemID]
                ).map { row in
                    .delivery(
                        ReminderDeliveryRecord(
                            userID: userID, listID: listID, itemID: itemID,
                            kind: ReminderKind(rawValue: row[0]) ?? .every, at: Timestamp(milliseconds: row[1]),
                            dismissed: (row[2] as Int64) != 0))
                }
            case .snooze(let userID, let listID, let itemID):
                return try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT user_id, list_id, item_id, kind, until FROM reminder_snoozes
                            WHERE user_id = ? AND list_id = ? AND item_id = ?
                            """), arguments: [userID, listID, itemID]
                ).map(Self.snooze)
            case .allSnoozes:
                return try Row.fetchAll(db, sql: "SELECT user_id, list_id, item_id, kind, until FROM reminder_snoozes")
                    .map(Self.snooze)
            }
        }
    }

    private static func snooze(_ row: Row) -> ReminderRecord {
        .snooze(
            ReminderSnooze(
                userID: row[0], listID: row[1], itemID: row[2], kind: ReminderKind(rawValue: row[3]) ?? .every,
                until: Timestamp(milliseconds: row[4])))
    }

    public func write(_ change: ReminderChange) throws(StorageFailure) {
        try guarded {
            switch change {
            case .delivered(let userID, let listID, let itemID, let kind, let at):
                try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO reminder_deliveries (user_id, list_id, item_id, kind, at, dismissed)
                        VALUES (?,?,?,?,?,0)
                        """
                ).execute(arguments: [userID, listID, itemID, kind.rawValue, at.milliseconds])
            case .dismissed(let userID, let listID, let itemID, let through?):
                try db.cachedStatement(
                    sql: """
                        UPDATE reminder_deliveries SET dismissed = 1
                        WHERE user_id = ? AND list_id = ? AND item_id = ? AND at <= ?
                        """
                ).execute(arguments: [userID, listID, itemID, through.milliseconds])
            case .dismissed(let userID, let listID, let itemID, nil):
                try db.cachedStatement(
                    sql:
                        "UPDATE reminder_deliveries SET dismissed = 1 WHERE user_id = ? AND list_id = ? AND item_id = ?"
                )
                .execute(arguments: [userID, listID, itemID])
            case .snoozed(let snooze):
                try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO reminder_snoozes (user_id, list_id, item_id, kind, until) VALUES (?,?,?,?,?)
                        """
                ).execute(arguments: [
                    snooze.userID, snooze.listID, snooze.itemID, snooze.kind.rawValue, snooze.until.milliseconds,
                ])
            case .pruneClaims(let before):
                try db.cachedStatement(sql: "DELETE FROM reminder_claims WHERE at < ?")
                    .execute(arguments: [before.milliseconds])
            }
        }
    }
}
