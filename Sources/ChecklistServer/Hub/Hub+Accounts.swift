import ChecklistCore
import ChecklistStore
import Credentials
import Transport
import WireProtocol
import CoreMetrics

/// signup, login, auth and logout, as steps: store lookups and password work are issued as
/// actions and their replies continue the request. While one is in flight the connection's
/// later messages wait in its backlog (their answer depends on it).
///
/// No password worker ever waits on the store: a login is "look the user up" (store), then
/// "check the password" (worker), then "create the session" (store), so a slow or locked
/// database can hold up requests but never the workers.
extension Hub {
    func signUp(username: String, password: String, ref: String?, in session: HubSession) {
        do throws(WireError) {
            try AccountRules.validate(username: username, password: password)
        } catch {
            reject(session, error, ref: ref)
            return
        }
        if let wait = signupLimiter.admit(address: session.address, now: now()) {
            reject(session, .tooManySignups(retryAfter: wait), ref: ref)
            return
        }
        let ticket = beginAuthentication(session)
        runPassword(
            .hashNewPassword(password), for: session.address,
            then: .signup(session.connection, ticket: ticket, ref: ref, username: username))
    }

    func logIn(username: String, password: String, ref: String?, in session: HubSession) {
        if let wait = throttle.retryAfter(address: session.address, username: username, now: now()) {
            reject(session, .rateLimited(retryAfter: wait), ref: ref)
            return
        }
        let ticket = beginAuthentication(session)
        runStore(
            .credentials(username: username),
            then: .loginLookup(session.connection, ticket: ticket, ref: ref, username: username, password: password)
        )
    }

    func authenticate(token: String, ref: String?, in session: HubSession) {
        if let wait = throttle.retryAfter(address: session.address, username: nil, now: now()) {
            reject(session, .rateLimited(retryAfter: wait), ref: ref)
            return
        }
        let tokenHash = SessionToken(text: token).storedHash
        let ticket = beginAuthentication(session)
        runStore(
            .userForToken(tokenHash: tokenHash),
            then: .authenticate(session.connection, ticket: ticket, ref: ref, tokenHash: tokenHash))
    }

    func logOut(ref: String?, in session: HubSession) {
        guard session.user != nil, let tokenHash = session.tokenHash else {
            reject(session, .notAuthenticated, ref: ref)
            return
        }
        let ticket = beginAuthentication(session)
        runStore(
            .deleteSession(tokenHash: tokenHash),
            then: .logout(session.connection, ticket: ticket, ref: ref, tokenHash: tokenHash))
    }

    // MARK: Continuations

    func passwordDone(_ outcome: PasswordOutcome, _ continuation: PasswordContinuation) {
        switch continuation {
        case .signup(let connection, let ticket, let ref, let username):
            guard let session = sessions[connection] else { return }
            switch outcome {
            case .hashed(let passwordHash, let token, let tokenHash):
                runStore(
                    .createUser(username: username, passwordHash: passwordHash, tokenHash: tokenHash),
                    then: .signup(connection, ticket: ticket, ref: ref, token: token, tokenHash: tokenHash)
                )
            case .failed(let failure):
                finishAuthentication(
                    session, ticket: ticket, ref: ref, username: nil, outcome: .failure(WireError(failure)))
            case .verified, .rejected:
                finishAuthentication(
                    session, ticket: ticket, ref: ref, username: nil,
                    outcome: .failure(WireError(PasswordFailure.internalError)))
            }
        case .login(let connection, let ticket, let ref, let username, let user):
            guard let session = sessions[connection] else { return }
            switch outcome {
            case .verified(let token, let tokenHash):
                guard let user else {
                    finishAuthentication(
                        session, ticket: ticket, ref: ref, username: username, outcome: .failure(.invalidCredentials))
                    return
                }
                runStore(
                    .createSession(tokenHash: tokenHash, userID: user.id),
                    then: .loginSession(
                        connection, ticket: ticket, ref: ref, username: username, user: user, token: token,
                        tokenHash: tokenHash)
                )
            case .rejected:
                finishAuthentication(
                    session, ticket: ticket, ref: ref, username: username, outcome: .failure(.invalidCredentials))
            case .failed(let failure):
                finishAuthentication(
                    session, ticket: ticket, ref: ref, username: nil, outcome: .failure(WireError(failure)))
            case .hashed:
                finishAuthentication(
                    session, ticket: ticket, ref: ref, username: nil,
                    outcome: .failure(WireError(PasswordFailure.internalError)))
            }
        }
    }

    func loginLookedUp(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?, username: String,
        password: String
    ) {
        switch result {
        case .success(.credentials(let found)):
            runPassword(
                .verify(
                    password: password, against: found?.passwordHash ?? configuration.decoyHash, userKnown: found != nil
                ), for: session.address,
                then: .login(session.connection, ticket: ticket, ref: ref, username: username, user: found?.user)
            )
        case .success:
            finishAuthentication(
                session, ticket: ticket, ref: ref, username: nil,
                outcome: .failure(WireError(.failure("unexpected store reply to a login"))))
        case .failure(let error):
            finishAuthentication(session, ticket: ticket, ref: ref, username: nil, outcome: .failure(WireError(error)))
        }
    }

    /// The reply that ends a signup, login (`user` known) or auth: a user, or a failure.
    func accountAnswered(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?,
        username: String?, knownUser: UserAccount?, token: String?, tokenHash: [UInt8]
    ) {
        let outcome: Result<AuthOutcome, WireError> =
            switch result {
            case .success(.user(let user?)): .success(AuthOutcome(user: user, token: token, tokenHash: tokenHash))
            case .success(.user(nil)): .failure(.invalidCredentials)
            case .success(.done):
                if let knownUser {
                    .success(AuthOutcome(user: knownUser, token: token, tokenHash: tokenHash))
                } else {
                    .failure(WireError(.failure("unexpected store reply to an account request")))
                }
            case .success: .failure(WireError(.failure("unexpected store reply to an account request")))
            case .failure(let error): .failure(WireError(error))
            }
        finishAuthentication(session, ticket: ticket, ref: ref, username: username, outcome: outcome)
    }

    /// `logout` committed: this connection is told in order; every other connection that used
    /// the same token is told at once and signed out (the contract's "Sessions and sharing").
    func loggedOut(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?, tokenHash: [UInt8]
    ) {
        session.awaitingAuthentication = false
        switch result {
        case .success:
            signOut(session)
            complete(session, ticket: ticket, .message(ServerMessage.loggedOut(ref: ref)))
            signOutConnections(using: tokenHash, except: session)
        case .failure(let error):
            complete(session, ticket: ticket, .message(errorMessage(error, ref: ref)))
        }
        resumeBacklog(of: session)
    }

    // MARK: Shared steps

    private func beginAuthentication(_ session: HubSession) -> UInt64 {
        session.awaitingAuthentication = true
        return session.replies.issue()
    }

    private func finishAuthentication(
        _ session: HubSession, ticket: UInt64, ref: String?, username: String?, outcome: Result<AuthOutcome, WireError>
    ) {
        guard sessions[session.connection] === session else { return }
        session.awaitingAuthentication = false
        switch outcome {
        case .success(let auth):
            if let username { throttle.recordSuccess(address: session.address, username: username) }
            if session.user?.id != auth.user.id { signOut(session) }
            session.user = auth.user
            session.tokenHash = auth.tokenHash
            subscriptions.attach(session.connection, to: auth.user.id)
            let message = ServerMessage.authed(
                token: auth.token, userID: auth.user.id, username: auth.user.username, ref: ref)
            complete(session, ticket: ticket, .message(message))
            sendMissedReminders(to: session, userID: auth.user.id)
        case .failure(let error):
            if error.code == .unauthorized {
                throttle.recordFailure(address: session.address, username: username, now: now())
            }
            metrics.errors.increment()
            complete(session, ticket: ticket, .message(ServerMessage.error(error, ref: ref)))
        }
        resumeBacklog(of: session)
    }

    /// Signs out every connection that uses the token (but `session`) and tells each.
    func signOutConnections(using tokenHash: [UInt8], except session: HubSession?) {
        let notice = ServerMessage.loggedOut(ref: nil)
        for other in sessions.values where other !== session && other.tokenHash == tokenHash {
            signOut(other)
            send(notice, to: other.connection)
        }
    }

    /// Forgets the session's user and everything it was subscribed to.
    func signOut(_ session: HubSession) {
        for list in session.subscriptions { subscriptionEnded(session.connection, from: list) }
        session.subscriptions.removeAll()
        if let user = session.user { subscriptions.detach(session.connection, from: user.id) }
        session.user = nil
        session.tokenHash = nil
    }
}

/// What a signup, login or auth produced.
struct AuthOutcome {
    var user: UserAccount
    /// The new token for signup and login; `nil` for auth, which reuses the client's.
    var token: String?
    var tokenHash: [UInt8]
}
