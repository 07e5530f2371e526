public import ChecklistCore
public import ChecklistStore

/// Users, sessions and calendar feed tokens.
extension PostgresStorage {
    public func account(_ key: AccountKey) throws(StorageFailure) -> StoredAccount? {
        let columns = "u.id, u.username, u.tz, u.inbox_id, u.password_hash, u.stored_bytes"
        let rows: [SQLRow]
        switch key {
        case .id(let id):
            rows = try link.query("SELECT \(columns) FROM users u WHERE u.id = $1", [.id(id)])
        case .username(let username):
            rows = try link.query(
                "SELECT \(columns) FROM users u WHERE u.username_key = $1", [.text(username.lowercased())])
        case .sessionToken(let tokenHash):
            rows = try link.query(
                "SELECT \(columns) FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1",
                [.bytes(tokenHash)])
        }
        return rows.first.map { row in
            StoredAccount(
                account: UserAccount(
                    id: row.id(0), username: row.string(1), timeZone: row.text(2) ?? "UTC",
                    inboxID: row.text(3).map(ListID.init)),
                passwordHash: row.string(4), storedBytes: Int(row.int64(5)))
        }
    }

    public func feedToken(_ key: FeedTokenKey) throws(StorageFailure) -> StoredFeedToken? {
        let columns = "token_hash, user_id, list_id, generation"
        let rows: [SQLRow]
        switch key {
        case .hash(let tokenHash):
            rows = try link.query("SELECT \(columns) FROM feed_tokens WHERE token_hash = $1", [.bytes(tokenHash)])
        case .scope(let userID, let listID):
            rows = try link.query(
                "SELECT \(columns) FROM feed_tokens WHERE user_id = $1 AND list_id = $2",
                [.id(userID), .text(listID?.rawValue ?? "")])
        }
        return rows.first.map { row in
            // All the user's checklists are stored as the scope ''.
            let listID = row.string(2)
            return StoredFeedToken(
                tokenHash: row.bytes(0) ?? [], userID: row.id(1), listID: listID.isEmpty ? nil : ListID(listID),
                generation: Int(row.int64(3)))
        }
    }

    public func write(_ change: AccountChange) throws(StorageFailure) {
        wroteInBatch = true
        switch change {
        case .created(let user, let passwordHash, let at):
            try link.query(
                "INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES ($1,$2,$3,$4,$5)",
                [.id(user.id), .text(user.username), .text(user.username.lowercased()), .text(passwordHash), .time(at)])
        case .timeZone(let userID, let timeZone):
            try link.query("UPDATE users SET tz = $1 WHERE id = $2", [.text(timeZone), .id(userID)])
        case .inbox(let userID, let listID):
            try link.query("UPDATE users SET inbox_id = $1 WHERE id = $2", [.id(listID), .id(userID)])
        case .sessionCreated(let tokenHash, let userID, let at):
            try link.query(
                "INSERT INTO sessions (token_hash, user_id, created_at) VALUES ($1,$2,$3)",
                [.bytes(tokenHash), .id(userID), .time(at)])
        case .sessionDeleted(let tokenHash):
            try link.query("DELETE FROM sessions WHERE token_hash = $1", [.bytes(tokenHash)])
        case .feedToken(let token, let at):
            try link.query(
                """
                INSERT INTO feed_tokens (token_hash, user_id, list_id, generation, created_at) VALUES ($1,$2,$3,$4,$5)
                ON CONFLICT (user_id, list_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
                    generation = EXCLUDED.generation, created_at = EXCLUDED.created_at
                    WHERE feed_tokens.token_hash <> EXCLUDED.token_hash
                """,
                [
                    .bytes(token.tokenHash), .id(token.userID), .text(token.listID?.rawValue ?? ""),
                    .int(Int64(token.generation)), .time(at),
                ])
        }
    }
}
