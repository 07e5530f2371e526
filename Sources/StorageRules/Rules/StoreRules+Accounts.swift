public import ChecklistCore
public import ChecklistStore

extension StoreRules {
    /// Creates a user; usernames are unique ignoring case and kept as written.
    public func createUser(username: String, passwordHash: String) throws(StoreError) -> UserAccount {
        do {
            guard try account(named: username) == nil else {
                throw StoreError.rejected(.conflict("the username \(username) is taken; choose another"))
            }
            let user = UserAccount(id: UserID(Self.newID()), username: username)
            try port.write(.created(user, passwordHash: passwordHash, at: now))
            return try withInbox(user)
        } catch {
            throw storeError(error)
        }
    }

    /// The user and their stored password hash, by username ignoring case.
    public func credentials(username: String) throws(StoreError) -> (UserAccount, String)? {
        do {
            guard let stored = try port.account(.username(username)) else { return nil }
            return (stored.account, stored.passwordHash)
        } catch {
            throw failed(error)
        }
    }

    func account(named username: String) throws(StorageFailure) -> UserAccount? {
        try port.account(.username(username))?.account
    }

    func account(id: UserID) throws(StorageFailure) -> UserAccount? {
        try port.account(.id(id))?.account
    }

    /// Records a session token by its SHA-256; the token itself is never stored.
    public func createSession(tokenHash: [UInt8], for userID: UserID) throws(StoreError) {
        do { try port.write(.sessionCreated(tokenHash: tokenHash, userID, at: now)) } catch { throw failed(error) }
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
            if let timeZone { try port.write(.timeZone(userID, timeZone)) }
            guard let user = try account(id: userID) else {
                throw StoreError.rejected(.notFound("this account no longer exists"))
            }
            return try withInbox(user)
        } catch {
            throw storeError(error)
        }
    }

    /// `user` with an Inbox: made now (as the first event of a new checklist) when they have none.
    func withInbox(_ user: UserAccount) throws -> UserAccount {
        guard user.inboxID == nil else { return user }
        var user = user
        let inboxID = ListID(Self.newID())
        let request = EditRequest.createList(
            id: inboxID, Edit.NewList(title: "Inbox", timeZone: user.timeZone, isInbox: true))
        _ = try apply(request, opID: "inbox-" + inboxID.rawValue, by: user.actor)
        try port.write(.inbox(user.id, inboxID))
        user.inboxID = inboxID
        return user
    }

    /// The user a session token (by its hash) belongs to, or `nil` when it is unknown or revoked.
    public func user(forTokenHash tokenHash: [UInt8]) throws(StoreError) -> UserAccount? {
        do {
            guard let stored = try port.account(.sessionToken(tokenHash)) else { return nil }
            return try withInbox(stored.account)
        } catch {
            throw storeError(error)
        }
    }

    /// Revokes one token; the user's other sessions stay valid.
    public func deleteSession(tokenHash: [UInt8]) throws(StoreError) {
        do { try port.write(.sessionDeleted(tokenHash: tokenHash)) } catch { throw failed(error) }
    }
}
