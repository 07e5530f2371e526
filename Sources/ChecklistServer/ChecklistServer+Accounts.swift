import ChecklistCore
import ChecklistStore
import Credentials
import Foundation
import Transport
import WireProtocol

/// signup, login, auth and logout. Hashing runs on the password workers, lookups on the
/// store thread; the service thread only starts them and applies the outcome. While one is
/// in flight, the connection's later messages wait (their answer depends on it).
extension ChecklistServer {
    func signUp(username: String, password: String, ref: String?, in session: ClientSession) {
        do throws(WireError) {
            try AccountRules.validate(username: username, password: password)
        } catch {
            reject(session, error, ref: ref)
            return
        }
        runAuthentication(in: session, ref: ref, username: nil) { [hasher, store] () throws(WireError) -> AuthOutcome in
            do {
                let hash = try hasher.hash(password)
                let token = try SessionToken.generate()
                let user = try store.sync { store throws(StoreError) in
                    let user = try store.createUser(username: username, passwordHash: hash)
                    try store.createSession(tokenHash: token.storedHash, for: user.id)
                    return user
                }
                return AuthOutcome(user: user, token: token.text, tokenHash: token.storedHash)
            } catch let error as StoreError {
                throw WireError(error)
            } catch {
                throw WireError(.internal, "could not create the account; try again")
            }
        }
    }

    func logIn(username: String, password: String, ref: String?, in session: ClientSession) {
        if let wait = throttle.retryAfter(username: username, connection: session.connection.rawValue, now: monotonicSeconds()) {
            reject(session, .rateLimited(retryAfter: wait), ref: ref)
            return
        }
        runAuthentication(in: session, ref: ref, username: username) { [hasher, store, decoyHash] () throws(WireError) -> AuthOutcome in
            let found: (UserAccount, String)?
            do throws(StoreError) {
                found = try store.sync { store throws(StoreError) in try store.credentials(username: username) }
            } catch {
                throw WireError(error)
            }
            guard let (user, hash) = found else {
                _ = hasher.verify(password, against: decoyHash)
                throw WireError.invalidCredentials
            }
            guard hasher.verify(password, against: hash) else { throw WireError.invalidCredentials }
            do {
                let token = try SessionToken.generate()
                try store.sync { store throws(StoreError) in try store.createSession(tokenHash: token.storedHash, for: user.id) }
                return AuthOutcome(user: user, token: token.text, tokenHash: token.storedHash)
            } catch let error as StoreError {
                throw WireError(error)
            } catch {
                throw WireError(.internal, "could not create a session; try again")
            }
        }
    }

    func authenticate(token: String, ref: String?, in session: ClientSession) {
        if let wait = throttle.retryAfter(username: nil, connection: session.connection.rawValue, now: monotonicSeconds()) {
            reject(session, .rateLimited(retryAfter: wait), ref: ref)
            return
        }
        let tokenHash = SessionToken(text: token).storedHash
        let ticket = beginAuthentication(session)
        let connection = session.connection
        submit({ store throws(StoreError) in try store.user(forTokenHash: tokenHash) }) { [self] result in
            guard let session = sessions[connection] else { return }
            let outcome: Result<AuthOutcome, WireError> = switch result {
            case .success(let user?): .success(AuthOutcome(user: user, token: nil, tokenHash: tokenHash))
            case .success(nil): .failure(.invalidCredentials)
            case .failure(let error): .failure(WireError(error))
            }
            finishAuthentication(session, ticket: ticket, ref: ref, username: nil, outcome: outcome)
        }
    }

    func logOut(ref: String?, in session: ClientSession) {
        guard session.user != nil, let tokenHash = session.tokenHash else {
            reject(session, .notAuthenticated, ref: ref)
            return
        }
        let ticket = beginAuthentication(session)
        let connection = session.connection
        submit({ store throws(StoreError) in try store.deleteSession(tokenHash: tokenHash) }) { [self] result in
            guard let session = sessions[connection] else { return }
            session.awaitingAuthentication = false
            switch result {
            case .success:
                signOut(session)
                let bytes = ServerMessage.loggedOut(ref: ref)
                complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
            case .failure(let error):
                let bytes = ServerMessage.error(WireError(error), ref: ref)
                complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
            }
            resumeBacklog(of: session)
        }
    }

    // MARK: Shared steps

    private func beginAuthentication(_ session: ClientSession) -> UInt64 {
        session.awaitingAuthentication = true
        return session.sequencer.issue()
    }

    /// Runs `work` on a password worker and applies its outcome on the service thread.
    private func runAuthentication(
        in session: ClientSession, ref: String?, username: String?,
        _ work: @escaping @Sendable () throws(WireError) -> AuthOutcome
    ) {
        let ticket = beginAuthentication(session)
        let connection = session.connection
        let accepted = passwordWorkers.run { [self] in
            let outcome: Result<AuthOutcome, WireError>
            do throws(WireError) { outcome = .success(try work()) } catch { outcome = .failure(error) }
            transport.execute { [self] in
                guard let session = sessions[connection] else { return }
                finishAuthentication(session, ticket: ticket, ref: ref, username: username, outcome: outcome)
            }
        }
        if !accepted {
            finishAuthentication(
                session, ticket: ticket, ref: ref, username: nil,
                outcome: .failure(WireError(.rateLimited, "the server is busy hashing passwords; try again in a moment"))
            )
        }
    }

    private func finishAuthentication(
        _ session: ClientSession, ticket: UInt64, ref: String?, username: String?, outcome: Result<AuthOutcome, WireError>
    ) {
        assertServiceThread()
        guard sessions[session.connection] != nil else { return }
        session.awaitingAuthentication = false
        switch outcome {
        case .success(let auth):
            if let username { throttle.recordSuccess(username: username) }
            if session.user?.id != auth.user.id { signOut(session) }
            session.user = auth.user
            session.tokenHash = auth.tokenHash
            subscriptions.attach(session.connection, to: auth.user.id)
            let bytes = ServerMessage.authed(token: auth.token, userID: auth.user.id, username: auth.user.username, ref: ref)
            complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
        case .failure(let error):
            if error.code == .unauthorized {
                throttle.recordFailure(username: username, connection: session.connection.rawValue, now: monotonicSeconds())
            }
            metrics.errors += 1
            let bytes = ServerMessage.error(error, ref: ref)
            complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
        }
        resumeBacklog(of: session)
    }

    /// Forgets the session's user and everything it was subscribed to.
    func signOut(_ session: ClientSession) {
        for list in session.subscriptions { subscriptions.unsubscribe(session.connection, from: list) }
        session.subscriptions.removeAll()
        if let user = session.user { subscriptions.detach(session.connection, from: user.id) }
        session.user = nil
        session.tokenHash = nil
    }

    func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
