import ChecklistCore
public import ChecklistStore
import Foundation
import GRDB

/// Users, sessions, calendar feed tokens and the server key.
extension SQLiteStorage {
    public func account(_ key: AccountKey) throws(StorageFailure) -> StoredAccount? {
        try guarded {
            let columns = "users.id, users.username, users.tz, users.inbox_id, users.password_hash, users.stored_bytes"
            let row: Row?
            switch key {
            case .id(let id):
                row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(columns) FROM users WHERE id = ?"), arguments: [id])
            case .username(let username):
                row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(columns) FROM users WHERE username_key = ?"),
                    arguments: [username.lowercased()])
            case .sessionToken(let tokenHash):
                row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT \(columns) FROM sessions JOIN users ON users.id = sessions.user_id
                            WHERE sessions.token_hash = ?
                            """), arguments: [Data(tokenHash)])
            }
            return row.map { row in
                StoredAccount(
                    account: UserAccount(id: row[0], username: row[1], timeZone: row[2], inboxID: row[3]),
                    passwordHash: row[4], storedBytes: row[5])
            }
        }
    }

    public func feedToken(_ key: FeedTokenKey) throws(StorageFailure) -> StoredFeedToken? {
        try guarded {
            let columns = "token_hash, user_id, list_id, generation"
            let row: Row?
            switch key {
            case .hash(let tokenHash):
                row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(columns) FROM feed_tokens WHERE token_hash = ?"),
                    arguments: [Data(tokenHash)])
            case .scope(let userID, let listID):
                row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(columns) FROM feed_tokens WHERE user_id = ? AND list_id = ?"),
                    arguments: [userID, listID ?? ""])
            }
            return row.map { row in
                // All the user's checklists are stored as the scope ''.
                let listID: ListID = row[2]
                return StoredFeedToken(
                    tokenHash: Array(row[0] as Data), userID: row[1], listID: listID.isEmpty ? nil : listID,
                    generation: row[3])
            }
        }
    }

    public func write(_ change: AccountChange) throws(StorageFailure) {
        try guarded {
            switch change {
            case .created(let user, let passwordHash, let at):
                try db.cachedStatement(
                    sql: "INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?,?,?,?,?)"
                )
                .execute(arguments: [user.id, user.username, user.username.lowercased(), passwordHash, at.milliseconds])
            case .timeZone(let userID, let timeZone):
                try db.cachedStatement(sql: "UPDATE users SET tz = ? WHERE id = ?").execute(arguments: [
                    timeZone, userID,
                ])
            case .inbox(let userID, let listID):
                try db.cachedStatement(sql: "UPDATE users SET inbox_id = ? WHERE id = ?").execute(arguments: [
                    listID, userID,
                ])
            case .sessionCreated(let tokenHash, let userID, let at):
                try db.cachedStatement(sql: "INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?,?,?)")
                    .execute(arguments: [Data(tokenHash), userID, at.milliseconds])
            case .sessionDeleted(let tokenHash):
                try db.cachedStatement(sql: "DELETE FROM sessions WHERE token_hash = ?").execute(arguments: [
                    Data(tokenHash)
                ])
            case .feedToken(let token, let at):
                try db.cachedStatement(
                    sql: """
                        INSERT INTO feed_tokens (token_hash, user_id, list_id, generation, created_at) VALUES (?,?,?,?,?)
                        ON CONFLICT (user_id, list_id) DO UPDATE SET token_hash = excluded.token_hash,
                            generation = excluded.generation, created_at = excluded.created_at
                            WHERE token_hash != excluded.token_hash
                        """
                ).execute(arguments: [
                    Data(token.tokenHash), token.userID, token.listID ?? "", token.generation, at.milliseconds,
                ])
            }
        }
    }

    /// The key in the `server_key` row, made on first use. A file from before the key moved
    /// into the database keeps its key: the `DATABASE.key` file beside it, where earlier
    /// versions kept it, is read once and stored (feed URLs and signed links stay valid). On a
    /// file that cannot be written now, the key is used without being stored (and stored at
    /// the next start that can).
    public func serverKey(orCreate fresh: [UInt8]) throws(StorageFailure) -> [UInt8] {
        do {
            if let stored = try database.read({ db in try Data.fetchOne(db, sql: "SELECT key FROM server_key") }) {
                return Array(stored)
            }
            var key = fresh
            if let file = FileManager.default.contents(atPath: path + ".key"), file.count == 32 {
                key = Array(file)
                startupNotes.append("the server key from \(path).key is now kept in the database")
            }
            do {
                try database.write { db in
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO server_key (id, key) VALUES (1, ?)", arguments: [Data(key)])
                }
            } catch {
                return key
            }
            // Durable before anything made from it (a signed link, say) leaves the server.
            _ = flushWAL(path)
            return try database.read { db in try Data.fetchOne(db, sql: "SELECT key FROM server_key") }.map(Array.init)
                ?? key
        } catch {
            throw StorageFailure(Self.describe(error))
        }
    }
}
