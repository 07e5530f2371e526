public import ChecklistCore
public import ChecklistStore

/// Reminder claims, deliveries and snoozes. An occurrence is claimed by inserting its row
/// (primary key `(list, item, kind, at)`), a snooze's end by deleting its row: whichever
/// server's statement changes the row wins, the other waits for its commit and changes none.
extension PostgresStorage {
    public func claim(_ claim: ReminderClaim, at now: Timestamp) throws(StorageFailure) -> Bool {
        wroteInBatch = true
        switch claim {
        case .occurrence(let occurrence):
            return try link.execute(
                """
                INSERT INTO reminder_claims (list_id, item_id, kind, at, fired_at) VALUES ($1,$2,$3,$4,$5)
                ON CONFLICT DO NOTHING
                """,
                [
                    .id(occurrence.listID), .id(occurrence.itemID), .text(occurrence.kind.rawValue),
                    .time(occurrence.at), .time(now),
                ]) == 1
        case .snoozeEnd(let snooze):
            return try link.execute(
                "DELETE FROM reminder_snoozes WHERE user_id = $1 AND list_id = $2 AND item_id = $3 AND until = $4",
                [.id(snooze.userID), .id(snooze.listID), .id(snooze.itemID), .time(snooze.until)]) == 1
        }
    }

    public func reminderRecords(_ query: ReminderQuery) throws(StorageFailure) -> [ReminderRecord] {
        switch query {
        case .undismissedDeliveries(let userID, let since):
            return try link.query(
                """
                SELECT list_id, item_id, kind, at FROM reminder_deliveries
                WHERE user_id = $1 AND NOT dismissed AND at >= $2 ORDER BY at
                """, [.id(userID), .time(since)]
            ).map { row in
                .delivery(
                    ReminderDeliveryRecord(
                        userID: userID, listID: row.id(0), itemID: row.id(1),
                        kind: ReminderKind(rawValue: row.string(2)) ?? .every,
                        at: Timestamp(milliseconds: row.int64(3)), dismissed: false))
            }
        case .lastDelivery(let userID, let listID, let itemID):
            return try link.query(
                "SELECT kind, at, dismissed FROM reminder_deliveries WHERE user_id = $1 AND list_id = $2 AND item_id = $3",
                [.id(userID), .id(listID), .id(itemID)]
            ).map { row in
                .delivery(
                    ReminderDeliveryRecord(
                        userID: userID, listID: listID, itemID: itemID,
                        kind: ReminderKind(rawValue: row.string(0)) ?? .every,
                        at: Timestamp(milliseconds: row.int64(1)), dismissed: row.bool(2)))
            }
        case .snooze(let userID, let listID, let itemID):
            return try link.query(
                """
                SELECT user_id, list_id, item_id, kind, until FROM reminder_snoozes
                WHERE user_id = $1 AND list_id = $2 AND item_id = $3
                """, [.id(userID), .id(listID), .id(itemID)]
            ).map(Self.snooze)
        case .allSnoozes:
            return try link.query("SELECT user_id, list_id, item_id, kind, until FROM reminder_snoozes").map(
                Self.snooze)
        }
    }

    private static func snooze(_ row: SQLRow) -> ReminderRecord {
        .snooze(
            ReminderSnooze(
                userID: row.id(0), listID: row.id(1), itemID: row.id(2),
                kind: ReminderKind(rawValue: row.string(3)) ?? .every, until: Timestamp(milliseconds: row.int64(4))))
    }

    public func write(_ change: ReminderChange) throws(StorageFailure) {
        wroteInBatch = true
        switch change {
        case .delivered(let userID, let listID, let itemID, let kind, let at):
            try link.query(
                """
                INSERT INTO reminder_deliveries (user_id, list_id, item_id, kind, at, dismissed)
                VALUES ($1,$2,$3,$4,$5,false)
                ON CONFLICT (user_id, list_id, item_id) DO UPDATE SET kind = EXCLUDED.kind, at = EXCLUDED.at,
                    dismissed = false
                """, [.id(userID), .id(listID), .id(itemID), .text(kind.rawValue), .time(at)])
        case .dismissed(let userID, let listID, let itemID, let through?):
            try link.query(
                """
                UPDATE reminder_deliveries SET dismissed = true
                WHERE user_id = $1 AND list_id = $2 AND item_id = $3 AND at <= $4
                """, [.id(userID), .id(listID), .id(itemID), .time(through)])
        case .dismissed(let userID, let listID, let itemID, nil):
            try link.query(
                "UPDATE reminder_deliveries SET dismissed = true WHERE user_id = $1 AND list_id = $2 AND item_id = $3",
                [.id(userID), .id(listID), .id(itemID)])
        case .snoozed(let snooze):
            try link.query(
                """
                INSERT INTO reminder_snoozes (user_id, list_id, item_id, kind, until) VALUES ($1,$2,$3,$4,$5)
                ON CONFLICT (user_id, list_id, item_id) DO UPDATE SET kind = EXCLUDED.kind, until = EXCLUDED.until
                """,
                [
                    .id(snooze.userID), .id(snooze.listID), .id(snooze.itemID), .text(snooze.kind.rawValue),
                    .time(snooze.until),
                ])
        case .pruneClaims(let before):
            try link.query("DELETE FROM reminder_claims WHERE at < $1", [.time(before)])
        }
    }
}
