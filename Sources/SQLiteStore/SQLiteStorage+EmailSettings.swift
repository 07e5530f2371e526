public import ChecklistCore
public import ChecklistStore
import Foundation
import GRDB

/// Users' mail settings, in `email_settings` (one row per user who gave an address).
extension SQLiteStorage: EmailSettingsPort {
    public func emailSettings(_ key: EmailSettingsKey) throws(StorageFailure) -> [EmailSettings] {
        try guarded {
            let columns = """
                user_id, address, verified, verification_hash, verification_expires, reminders, digest_minute,
                quiet_from, quiet_to, unsubscribe_token, digest_sent_for
                """
            let (condition, arguments): (String, StatementArguments) =
                switch key {
                case .user(let userID): ("user_id = ?", [userID])
                case .verificationHash(let hash): ("verification_hash = ?", [Data(hash)])
                case .unsubscribeToken(let token): ("unsubscribe_token = ?", [token])
                case .digests: ("verified = 1 AND digest_minute IS NOT NULL", [])
                }
            return try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(columns) FROM email_settings WHERE \(condition) ORDER BY user_id"),
                arguments: arguments
            ).map { row in
                let quietFrom = (row[7] as Int?).flatMap(TimeOfDay.init(minutes:))
                let quietTo = (row[8] as Int?).flatMap(TimeOfDay.init(minutes:))
                return EmailSettings(
                    userID: row[0], address: row[1], verified: row[2],
                    verificationHash: (row[3] as Data?).map(Array.init),
                    verificationExpires: (row[4] as Int64?).map(Timestamp.init(milliseconds:)), reminders: row[5],
                    digest: (row[6] as Int?).flatMap(TimeOfDay.init(minutes:)),
                    quietHours: quietFrom.flatMap { from in quietTo.map { QuietHours(from: from, to: $0) } },
                    unsubscribeToken: row[9], digestSentFor: (row[10] as Int64?).map(Timestamp.init(milliseconds:)))
            }
        }
    }

    public func write(_ change: EmailSettingsWrite) throws(StorageFailure) {
        try guarded {
            switch change {
            case .saved(let settings):
                try db.cachedStatement(
                    sql: """
                        INSERT INTO email_settings (user_id, address, verified, verification_hash, verification_expires,
                            reminders, digest_minute, quiet_from, quiet_to, unsubscribe_token, digest_sent_for)
                        VALUES (?,?,?,?,?,?,?,?,?,?,?)
                        ON CONFLICT(user_id) DO UPDATE SET address = excluded.address, verified = excluded.verified,
                            verification_hash = excluded.verification_hash,
                            verification_expires = excluded.verification_expires, reminders = excluded.reminders,
                            digest_minute = excluded.digest_minute, quiet_from = excluded.quiet_from,
                            quiet_to = excluded.quiet_to, unsubscribe_token = excluded.unsubscribe_token,
                            digest_sent_for = excluded.digest_sent_for
                        """
                ).execute(arguments: [
                    settings.userID, settings.address, settings.verified, settings.verificationHash.map { Data($0) },
                    settings.verificationExpires?.milliseconds, settings.reminders, settings.digest?.minutes,
                    settings.quietHours?.from.minutes, settings.quietHours?.to.minutes, settings.unsubscribeToken,
                    settings.digestSentFor?.milliseconds,
                ])
            case .removed(let userID):
                try db.cachedStatement(sql: "DELETE FROM email_settings WHERE user_id = ?").execute(arguments: [userID])
            }
        }
    }
}
