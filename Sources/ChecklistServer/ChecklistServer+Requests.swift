import ChecklistCore
import ChecklistStore
import Foundation
import Transport
import WireProtocol

extension ChecklistServer {
    /// Decodes one message and routes it; every path answers through the session's sequencer.
    func handle(_ message: WebSocketMessage, in session: ClientSession) {
        metrics.requests += 1
        guard case .text(let bytes) = message else {
            reject(session, WireError(.badRequest, "binary messages are not part of the protocol; send one JSON object per text message"))
            return
        }
        let request: Request
        do throws(RequestDecodingError) {
            request = try RequestDecoder.decode(bytes, newID: { UUID().uuidString.lowercased() })
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
            sendLists(for: user, ref: ref, in: session)
        case .subscribe(let list, let since):
            guard let user = authenticatedUser(session, ref: ref) else { return }
            subscribe(session, user: user, to: list, since: since, ref: ref)
        case .unsubscribe(let list):
            guard authenticatedUser(session, ref: ref) != nil else { return }
            unsubscribe(session, from: list, ref: ref)
        case .op(let opID, let operation):
            guard let user = authenticatedUser(session, ref: ref, opID: opID) else { return }
            perform(operation, opID: opID, by: user, ref: ref, in: session)
        }
    }

    /// The session's user, or answers `unauthorized` and returns `nil`.
    private func authenticatedUser(_ session: ClientSession, ref: String?, opID: String? = nil) -> UserAccount? {
        guard let user = session.user else {
            reject(session, .notAuthenticated, opID: opID, ref: ref)
            return nil
        }
        return user
    }

    /// Lets the messages that waited behind an authentication request through, in order.
    func resumeBacklog(of session: ClientSession) {
        while !session.awaitingAuthentication, !session.backlog.isEmpty, sessions[session.connection] != nil {
            handle(session.backlog.removeFirst(), in: session)
        }
    }
}
