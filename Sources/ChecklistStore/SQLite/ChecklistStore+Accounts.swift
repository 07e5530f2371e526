import ChecklistCore
import Foundation
import GRDB

extension ChecklistStore {
    /// Creates a user; usernames are unique ignoring case and kept as written.
    public func createUser(username: String, passwordHash: String) throws(StoreError) -> UserAccount {
        do {
            guard try account(named: username) == nil else {
                throw StoreError.rejected(.conflict("the username \(username) is taken; choose another"))
            }
            let user = UserAccount(id: Self.newID(), username: username)
            try db.cachedStatement(sql: "INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?,?,?,?,?)")
                .execute(arguments: [user.id, username, username.lowercased(), passwordHash, now.milliseconds])
            return user
        } catch {
            throw storeError(error)
        }
    }

    /// The user and their stored password hash, by username ignoring case.
    public func credentials(username: String) throws(StoreError) -> (UserAccount, String)? {
        do {
            let statement = try db.cachedStatement(sql: "SELECT id, username, password_hash FROM users WHERE username_key = ?")
            guard let row = try Row.fetchOne(statement, arguments: [username.lowercased()]) else { return nil }
            return (UserAccount(id: row[0], username: row[1]), row[2])
        } catch {
            throw failed(error)
        }
    }

    func account(named username: String) throws -> UserAccount? {
        let statement = try db.cachedStatement(sql: "SELECT id, username FROM users WHERE username_key = ?")
        guard let row = try Row.fetchOne(statement, arguments: [username.lowercased()]) else { return nil }
        return UserAccount(id: row[0], username: row[1])
    }

    /// Records a session token by its SHA-256; the token itself is never stored.
    public func createSession(tokenHash: [UInt8], for userID: UserID) throws(StoreError) {
        do {
            try db.cachedStatement(sql: "INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?,?,?)")
                .execute(arguments: [Data(tokenHash), userID, now.milliseconds])
        } catch {
            throw failed(error)
        }
    }

    public func user(forTokenHash tokenHash: [UInt8]) throws(StoreError) -> UserAccount? {
        do {
            let statement = try db.cachedStatement(sql: """
                SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id
                WHERE sessions.token_hash = ?
                """)
            guard let row = try Row.fetchOne(statement, arguments: [Data(tokenHash)]) else { return nil }
            return UserAccount(id: row[0], username: row[1])
        } catch {
            throw failed(error)
        }
    }

    /// Revokes one token; the user's other sessions stay valid.
    public func deleteSession(tokenHash: [UInt8]) throws(StoreError) {
        do {
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE token_hash = ?").execute(arguments: [Data(tokenHash)])
        } catch {
            throw failed(error)
        }
    }
}
