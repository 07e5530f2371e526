import ChecklistCore
import Credentials
import ChecklistStore
import Transport
import WireProtocol
import CoreMetrics

/// Decoding and routing one request; every path answers through the session's sequencer.
extension Hub {
    func handle(_ message: WebSocketMessage, in session: HubSession) {
        metrics.requests.increment()
        guard let request = decodedRequest(message, in: session) else { return }
        route(request.body, ref: request.ref, in: session)
    }

    /// The request `message` holds, or `nil` once a message that holds none is answered.
    private func decodedRequest(_ message: WebSocketMessage, in session: HubSession) -> Request? {
        guard case .text(let bytes) = message else {
            reject(
                session,
                WireError(
                    .badRequest, "binary messages are not part of the protocol; send one JSON object per text message"))
            return nil
        }
        do throws(RequestDecodingError) {
            return try RequestDecoder.decode(bytes, newID: newID)
        } catch {
            if let opID = error.opID, let user = session.user {
                answerReusedOpIDOrReject(session, user: user, opID: opID, error: error)
            } else {
                reject(session, WireError(error), opID: error.opID, ref: error.ref)
            }
            return nil
        }
    }

    /// Hands each kind of request to what answers it.
    private func route(_ body: Request.Body, ref: String?, in session: HubSession) {
        switch body {
        case .signup(let username, let password):
            signUp(username: username, password: password, ref: ref, in: session)
        case .login(let username, let password):
            logIn(username: username, password: password, ref: ref, in: session)
        case .auth(let token):
            authenticate(token: token, ref: ref, in: session)
        case .logout:
            logOut(ref: ref, in: session)
        case .lists:
            readForUser(session, ref: ref) { .lists(userID: $0.id, ref: ref) }
        case .subscribe(let list, let since):
            subscribe(to: list, since: since, ref: ref, in: session)
        case .unsubscribe(let list):
            guard authenticatedUser(session, ref: ref) != nil else { return }
            let ticket = session.replies.issue()
            complete(
                session, ticket: ticket,
                .unsubscribed(listID: list, message: ServerMessage.unsubscribed(listID: list, ref: ref)))
        case .op(let opID, let operation):
            guard let user = authenticatedUser(session, ref: ref, opID: opID) else { return }
            perform(operation, opID: opID, by: user, ref: ref, in: session)
        case .search(let query, let limit):
            readForUser(session, ref: ref) { .search(userID: $0.id, query: query, limit: limit ?? 20, ref: ref) }
        case .attachmentURL(let id):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            answerAttachmentURL(id, for: user, ref: ref, in: session)
        case .feed(let list, let rotate):
            readForUser(session, ref: ref) { user in
                .feedURL(
                    userID: user.id, listID: list, rotate: rotate, key: self.configuration.serverKey,
                    baseURL: self.baseURL(for: session), ref: ref)
            }
        case .agenda(let from, let to):
            readForUser(session, ref: ref) {
                .agenda(userID: $0.id, from: from, to: to, now: self.wallClock(), ref: ref)
            }
        case .history(let list, let from, let to, let username):
            readForUser(session, ref: ref) {
                .history(listID: list, userID: $0.id, from: from, to: to, username: username, ref: ref)
            }
        case .settings(let timeZone, let email):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            changeSettings(of: user, timeZone: timeZone, email: email, ref: ref, in: session)
        case .dismissReminder, .snoozeReminder:
            handleReminder(body, ref: ref, in: session)
        case .pushKey, .pushSubscribe, .devices, .pushUnsubscribe:
            handlePush(body, ref: ref, in: session)
        }
    }

    /// A read for the signed-in user whose reply the store encodes whole (`encodedReply`).
    private func readForUser(_ session: HubSession, ref: String?, _ command: (UserAccount) -> StoreCommand) {
        guard let user = authenticatedUser(session, ref: ref) else { return }
        let ticket = session.replies.issue()
        runStore(command(user), then: .encodedReply(session.connection, ticket: ticket, ref: ref))
    }

    private func subscribe(to list: ListID, since: Int64?, ref: String?, in session: HubSession) {
        guard let user = authenticatedUser(session, ref: ref) else { return }
        let ticket = session.replies.issue()
        runStore(
            .subscribe(listID: list, userID: user.id, since: since, ref: ref),
            then: .subscribe(session.connection, ticket: ticket, ref: ref, listID: list, userID: user.id)
        )
    }

    /// A link to an attachment, signed for this user: the download still checks they may read
    /// the checklist.
    private func answerAttachmentURL(_ id: AttachmentID, for user: UserAccount, ref: String?, in session: HubSession) {
        let ticket = session.replies.issue()
        let expires = wallClock().milliseconds / 1000 + Self.attachmentURLSeconds
        let token = SignedAttachmentToken.make(
            key: configuration.serverKey, attachmentID: id.rawValue, userID: user.id.rawValue, expires: expires)
        let url = baseURL(for: session) + "/attachments/" + id.rawValue + "?token=" + token
        complete(session, ticket: ticket, .message(ServerMessage.attachmentURL(url, id: id, ref: ref)))
    }

    /// `dismissReminder` and `snoozeReminder`.
    private func handleReminder(_ body: Request.Body, ref: String?, in session: HubSession) {
        guard let user = authenticatedUser(session, ref: ref) else { return }
        let ticket = session.replies.issue()
        switch body {
        case .dismissReminder(let list, let item, let at):
            runStore(
                .dismissReminder(userID: user.id, listID: list, itemID: item, at: at),
                then: .dismissReminder(session.connection, ticket: ticket, ref: ref, listID: list, itemID: item, at: at)
            )
        case .snoozeReminder(let list, let item, let until):
            runStore(
                .snoozeReminder(userID: user.id, listID: list, itemID: item, until: until, now: wallClock()),
                then: .snoozeReminder(session.connection, ticket: ticket, ref: ref, listID: list, itemID: item)
            )
        default:
            preconditionFailure("not a reminder request")
        }
    }

    /// The session's user, or answers `unauthorized` and returns `nil`.
    func authenticatedUser(_ session: HubSession, ref: String?, opID: String? = nil) -> UserAccount? {
        guard let user = session.user else {
            reject(session, .notAuthenticated, opID: opID, ref: ref)
            return nil
        }
        return user
    }

    /// Lets the messages that waited behind an authentication request through, in order.
    func resumeBacklog(of session: HubSession) {
        while !session.awaitingAuthentication, !session.backlog.isEmpty, sessions[session.connection] === session {
            handle(session.backlog.removeFirst(), in: session)
        }
    }
}

extension Hub {
    /// How long an `attachmentURL` works: long enough for a page of thumbnails to load and be
    /// looked at, short enough that a leaked URL soon stops working.
    static let attachmentURLSeconds: Int64 = 15 * 60

    /// Where this client reaches the server: the configured public URL, or the scheme and
    /// `Host` it connected with.
    func baseURL(for session: HubSession) -> String {
        if let url = configuration.publicURL { return url }
        return (configuration.usesTLS ? "https://" : "http://") + (session.host ?? "localhost")
    }
}
