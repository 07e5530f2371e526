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
        guard case .text(let bytes) = message else {
            reject(
                session,
                WireError(
                    .badRequest, "binary messages are not part of the protocol; send one JSON object per text message"))
            return
        }
        let request: Request
        do throws(RequestDecodingError) {
            request = try RequestDecoder.decode(bytes, newID: newID)
        } catch {
            if let opID = error.opID, let user = session.user {
                answerReusedOpIDOrReject(session, user: user, opID: opID, error: error)
            } else {
                reject(session, WireError(error), opID: error.opID, ref: error.ref)
            }
            return
        }
        let ref = request.ref
        switch request.body {
        case .signup(let username, let password):
            signUp(username: username, password: password, ref: ref, in: session)
        case .login(let username, let password):
            logIn(username: username, password: password, ref: ref, in: session)
        case .auth(let token):
            authenticate(token: token, ref: ref, in: session)
        case .logout:
            logOut(ref: ref, in: session)
        case .lists:
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .lists(userID: user.id, ref: ref), then: .encodedReply(session.connection, ticket: ticket, ref: ref))
        case .subscribe(let list, let since):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .subscribe(listID: list, userID: user.id, since: since, ref: ref),
                then: .subscribe(session.connection, ticket: ticket, ref: ref, listID: list, userID: user.id)
            )
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
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .search(userID: user.id, query: query, limit: limit ?? 20, ref: ref),
                then: .encodedReply(session.connection, ticket: ticket, ref: ref))
        case .attachmentURL(let id):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            // Signed for this user: the download still checks they may read the checklist.
            let expires = wallClock().milliseconds / 1000 + Self.attachmentURLSeconds
            let token = SignedAttachmentToken.make(
                key: configuration.serverKey, attachmentID: id.rawValue, userID: user.id.rawValue, expires: expires)
            let url = baseURL(for: session) + "/attachments/" + id.rawValue + "?token=" + token
            complete(session, ticket: ticket, .message(ServerMessage.attachmentURL(url, id: id, ref: ref)))
        case .feed(let list, let rotate):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .feedURL(
                    userID: user.id, listID: list, rotate: rotate, key: configuration.serverKey,
                    baseURL: baseURL(for: session), ref: ref),
                then: .encodedReply(session.connection, ticket: ticket, ref: ref)
            )
        case .agenda(let from, let to):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .agenda(userID: user.id, from: from, to: to, now: wallClock(), ref: ref),
                then: .encodedReply(session.connection, ticket: ticket, ref: ref))
        case .history(let list, let from, let to, let username):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .history(listID: list, userID: user.id, from: from, to: to, username: username, ref: ref),
                then: .encodedReply(session.connection, ticket: ticket, ref: ref)
            )
        case .settings(let timeZone, let email):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            changeSettings(of: user, timeZone: timeZone, email: email, ref: ref, in: session)
        case .dismissReminder(let list, let item, let at):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .dismissReminder(userID: user.id, listID: list, itemID: item, at: at),
                then: .dismissReminder(session.connection, ticket: ticket, ref: ref, listID: list, itemID: item, at: at)
            )
        case .pushKey, .pushSubscribe, .devices, .pushUnsubscribe:
            handlePush(request.body, ref: ref, in: session)
        case .snoozeReminder(let list, let item, let until):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            let ticket = session.replies.issue()
            runStore(
                .snoozeReminder(userID: user.id, listID: list, itemID: item, until: until, now: wallClock()),
                then: .snoozeReminder(session.connection, ticket: ticket, ref: ref, listID: list, itemID: item)
            )
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
