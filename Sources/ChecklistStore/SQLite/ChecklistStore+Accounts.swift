public import ChecklistCore
import Foundation
import GRDB

extension ChecklistStore {
    /// Creates a user; usernames are unique ignoring case and kept as written.
    public func createUser(username: String, passwordHash: String) throws(StoreError) -> UserAccount {
        do {
            guard try account(named: username) == nil else {
                throw StoreError.rejected(.conflict("the username \(username) is taken; choose another"))
            }
            let user = UserAccount(id: UserID(Self.newID()), username: username)
            try db.cachedStatement(
                sql: "INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?,?,?,?,?)"
            )
            .execute(arguments: [user.id, username, username.lowercased(), passwordHash, now.milliseconds])
            return try withInbox(user)
        } catch {
            throw storeError(error)
        }
    }

    /// The user and their stored password hash, by username ignoring case.
    public func credentials(username: String) throws(StoreError) -> (UserAccount, String)? {
        do {
            let statement = try db.cachedStatement(
                sql: "SELECT id, username, password_hash, tz, inbox_id FROM users WHERE username_key = ?")
            guard let row = try Row.fetchOne(statement, arguments: [username.lowercased()]) else { return nil }
            return (UserAccount(id: row[0], username: row[1], timeZone: row[3], inboxID: row[4]), row[2])
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

    /// The user by id, with their Inbox made if they have none yet (accounts from before Inboxes).
    public func signedIn(_ userID: UserID) throws(StoreError) -> UserAccount? {
        do {
            guard let user = try account(id: userID) else { return nil }
            return try withInbox(user)
        } catch {
            throw storeError(error)
        }
    }

    /// Reads the user's settings, changing the time zone first when one is given.
    public func settings(for userID: UserID, timeZone: String?) throws(StoreError) -> UserAccount {
        do {
            if let timeZone {
                try db.cachedStatement(sql: "UPDATE users SET tz = ? WHERE id = ?").execute(arguments: [
                    timeZone, userID,
                ])
            }
            guard let user = try account(id: userID) else {
                throw StoreError.rejected(.notFound("this account no longer exists"))
            }
            return try withInbox(user)
        } catch {
            throw storeError(error)
        }
    }

    func account(id: UserID) throws -> UserAccount? {
        let statement = try db.cachedStatement(sql: "SELECT id, username, tz, inbox_id FROM users WHERE id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
        return UserAccount(id: row[0], username: row[1], timeZone: row[2], inboxID: row[3])
    }

    /// `user` with an Inbox: made now (as the first event of a new checklist) when they have none.
    func withInbox(_ user: UserAccount) throws -> UserAccount {
        guard user.inboxID == nil else { return user }
        var user = user
        let inboxID = ListID(Self.newID())
        let request = EditRequest.createList(
            id: inboxID, Edit.NewList(title: "Inbox", timeZone: user.timeZone, isInbox: true))
        _ = try apply(request, opID: "inbox-" + inboxID.rawValue, by: user.actor)
        try db.cachedStatement(sql: "UPDATE users SET inbox_id = ? WHERE id = ?").execute(arguments: [inboxID, user.id])
        user.inboxID = inboxID
        return user
    }

    public func user(forTokenHash tokenHash: [UInt8]) throws(StoreError) -> UserAccount? {
        do {
            let statement = try db.cachedStatement(
                sql: """
                    SELECT users.id, users.username, users.tz, users.inbox_id FROM sessions JOIN users ON users.id = sessions.user_id
                    WHERE sessions.token_hash = ?
                    """)
            guard let row = try Row.fetchOne(statement, arguments: [Data(tokenHash)]) else { return nil }
            return try withInbox(UserAccount(id: row[0], username: row[1], timeZone: row[2], inboxID: row[3]))
        } catch {
            throw storeError(error)
        }
    }

    /// Revokes one token; the user's other sessions stay valid.
    public func deleteSession(tokenHash: [UInt8]) throws(StoreError) {
        do {
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE token_hash = ?").execute(arguments: [
                Data(tokenHash)
            ])
        } catch {
            throw failed(error)
        }
    }
}
