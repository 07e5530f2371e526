public import ChecklistCore
public import ChecklistStore

/// Users' mail settings, in `email_settings`, as SQLite keeps them: every server on the
/// database mails by the same settings, and a digest sent by one is marked sent for all.
extension PostgresStorage: EmailSettingsPort {
    public func emailSettings(_ key: EmailSettingsKey) throws(StorageFailure) -> [EmailSettings] {
        let condition: String
        let values: [SQLValue]
        switch key {
        case .user(let userID): (condition, values) = ("user_id = $1", [.id(userID)])
        case .verificationHash(let hash): (condition, values) = ("verification_hash = $1", [.bytes(hash)])
        case .unsubscribeToken(let token): (condition, values) = ("unsubscribe_token = $1", [.text(token)])
        case .digests: (condition, values) = ("verified AND digest_minute IS NOT NULL", [])
        }
        return try link.query(
            """
            SELECT user_id, address, verified, verification_hash, verification_expires, reminders, digest_minute,
                quiet_from, quiet_to, unsubscribe_token, digest_sent_for
            FROM email_settings WHERE \(condition) ORDER BY user_id
            """, values
        ).map { row in
            let minute = { (index: Int) in row.int(index).flatMap { TimeOfDay(minutes: Int($0)) } }
            let quietFrom = minute(7)
            let quietTo = minute(8)
            return EmailSettings(
                userID: row.id(0), address: row.string(1), verified: row.bool(2), verificationHash: row.bytes(3),
                verificationExpires: row.time(4), reminders: row.bool(5), digest: minute(6),
                quietHours: quietFrom.flatMap { from in quietTo.map { QuietHours(from: from, to: $0) } },
                unsubscribeToken: row.string(9), digestSentFor: row.time(10))
        }
    }

    public func write(_ change: EmailSettingsWrite) throws(StorageFailure) {
        wroteInBatch = true
        switch change {
        case .saved(let settings):
            _ = try link.execute(
                """
                INSERT INTO email_settings (user_id, address, verified, verification_hash, verification_expires,
                    reminders, digest_minute, quiet_from, quiet_to, unsubscribe_token, digest_sent_for)
                VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
                ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, verified = excluded.verified,
                    verification_hash = excluded.verification_hash,
                    verification_expires = excluded.verification_expires, reminders = excluded.reminders,
                    digest_minute = excluded.digest_minute, quiet_from = excluded.quiet_from,
                    quiet_to = excluded.quiet_to, unsubscribe_token = excluded.unsubscribe_token,
                    digest_sent_for = excluded.digest_sent_for
                """,
                [
                    .id(settings.userID), .text(settings.address), .bool(settings.verified),
                    .bytes(settings.verificationHash), .time(settings.verificationExpires), .bool(settings.reminders),
                    .int(settings.digest.map { Int64($0.minutes) }),
                    .int(settings.quietHours.map { Int64($0.from.minutes) }),
                    .int(settings.quietHours.map { Int64($0.to.minutes) }), .text(settings.unsubscribeToken),
                    .time(settings.digestSentFor),
                ])
        case .removed(let userID):
            _ = try link.execute("DELETE FROM email_settings WHERE user_id = $1", [.id(userID)])
        }
    }
}
