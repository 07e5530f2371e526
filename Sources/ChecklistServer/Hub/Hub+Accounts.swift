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
        guard authenticationSlots.take(for: session, limit: configuration.authenticationsPerAddress) else {
            reject(session, .tooManyAtOnce, ref: ref)
            return
        }
        let ticket = beginAuthentication(session)
        runStore(
            .admitSignup(address: session.address, limit: configuration.signupsPerAddressPerHour, now: wallClock()),
            then: .signupAdmitted(session.connection, ticket: ticket, ref: ref, username: username, password: password))
    }

    func logIn(username: String, password: String, ref: String?, in session: HubSession) {
        guard authenticationSlots.take(for: session, limit: configuration.authenticationsPerAddress) else {
            reject(session, .tooManyAtOnce, ref: ref)
            return
        }
        let ticket = beginAuthentication(session)
        runStore(
            .credentials(username: username, address: session.address, now: wallClock()),
            then: .loginLookup(session.connection, ticket: ticket, ref: ref, username: username, password: password)
        )
    }

    func authenticate(token: String, ref: String?, in session: HubSession) {
        let tokenHash = SessionToken(text: token).storedHash
        let ticket = beginAuthentication(session)
        runStore(
            .userForToken(tokenHash: tokenHash, address: session.address, now: wallClock()),
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
                    .createSession(tokenHash: tokenHash, userID: user.id, address: session.address, username: username),
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

    /// The signup limit answered: hash the password, or refuse without spending any hashing.
    func signupAdmitted(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?, username: String,
        password: String
    ) {
        switch result {
        case .success(.throttled(let wait)):
            finishAuthentication(
                session, ticket: ticket, ref: ref, username: nil, outcome: .failure(.tooManySignups(retryAfter: wait)))
        case .success:
            runPassword(
                .hashNewPassword(password), for: session.address,
                then: .signup(session.connection, ticket: ticket, ref: ref, username: username))
        case .failure(let error):
            finishAuthentication(session, ticket: ticket, ref: ref, username: nil, outcome: .failure(WireError(error)))
        }
    }

    func loginLookedUp(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?, username: String,
        password: String
    ) {
        switch result {
        case .success(.throttled(let wait)):
            finishAuthentication(
                session, ticket: ticket, ref: ref, username: nil, outcome: .failure(.rateLimited(retryAfter: wait)))
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
            case .success(.throttled(let wait)): .failure(.rateLimited(retryAfter: wait))
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

    /// Ends a signup, login or auth. A wrong password or token is counted in the store first
    /// (`failureCounted` answers it), so a retry on any server already meets the count.
    private func finishAuthentication(
        _ session: HubSession, ticket: UInt64, ref: String?, username: String?, outcome: Result<AuthOutcome, WireError>
    ) {
        guard sessions[session.connection] === session else { return }
        if case .failure(let error) = outcome, error.code == .unauthorized {
            runStore(
                .loginFailed(address: session.address, username: username, now: wallClock()),
                then: .failureCounted(session.connection, ticket: ticket, ref: ref, error: error))
            return
        }
        answerAuthentication(session, ticket: ticket, outcome: outcome, ref: ref)
    }

    /// A failure was counted (or could not be: the client still hears why it failed).
    func failureCounted(session: HubSession, ticket: UInt64, ref: String?, error: WireError) {
        guard sessions[session.connection] === session else { return }
        answerAuthentication(session, ticket: ticket, outcome: .failure(error), ref: ref)
    }

    private func answerAuthentication(
        _ session: HubSession, ticket: UInt64, outcome: Result<AuthOutcome, WireError>, ref: String?
    ) {
        session.awaitingAuthentication = false
        authenticationSlots.release(for: session)
        switch outcome {
        case .success(let auth):
            if session.user?.id != auth.user.id { signOut(session) }
            session.user = auth.user
            session.tokenHash = auth.tokenHash
            subscriptions.attach(session.connection, to: auth.user.id)
            let message = ServerMessage.authed(
                token: auth.token, userID: auth.user.id, username: auth.user.username, ref: ref)
            complete(session, ticket: ticket, .message(message))
            sendMissedReminders(to: session, userID: auth.user.id)
        case .failure(let error):
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
