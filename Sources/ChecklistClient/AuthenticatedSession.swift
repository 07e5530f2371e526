public import ChecklistCore
import Foundation
public import WireProtocol

/// An authenticated protocol session: one connection, one user, after `auth` (or `signup` /
/// `login`) was answered. (Not to be confused with Transport's internal `ClientSession`, the
/// per-connection state of the WebSocket client engine.)
///
/// Whoever opens one sends the offline queue next (`flushQueue`; `ClientContext` and
/// `LiveList` do), so edits made while the server was unreachable go out the next time any
/// command connects.
///
/// `ChecklistClient` never imports the store or the server: it speaks only the wire
/// protocol, which is what lets it talk to any Checkwire server.
public final class AuthenticatedSession: Sendable {
    public let connection: ProtocolConnection
    public let configuration: ClientConfiguration
    /// As the server spells it.
    public let username: String

    init(connection: ProtocolConnection, configuration: ClientConfiguration, username: String) {
        self.connection = connection
        self.configuration = configuration
        self.username = username
    }

    /// Connects and authenticates with the configured token.
    /// - Throws: `.unreachable` when the server cannot be reached; `ClientError.notLoggedIn`
    ///   without a token; `.sessionEnded` for a revoked one.
    /// - Parameter onMessage: told of every message from before the `auth` reply on, so the
    ///   reminders the server sends right after `authed` are not missed.
    public static func open(_ configuration: ClientConfiguration, onMessage: (@Sendable (Incoming) -> Void)? = nil)
        async throws -> AuthenticatedSession
    {
        let connection = try await ProtocolConnection.open(
            url: configuration.server, timeout: configuration.connectTimeout)
        // Connected first: a mistyped `--server` says the server does not answer, not "not logged in".
        guard let token = configuration.token else {
            connection.close()
            throw configuration.notLoggedIn
        }
        if let onMessage { connection.setHandlers(onMessage: onMessage, onEnd: nil) }
        do {
            let reply = try await connection.request(.auth(token: token), timeout: configuration.requestTimeout)
            guard case .authed(let authed) = reply.value else { throw ClientError.unexpectedReply("not authed") }
            let username = authed.username
            return AuthenticatedSession(connection: connection, configuration: configuration, username: username)
        } catch ClientError.server(let code, _) where code == "unauthorized" {
            connection.close()
            throw ClientError.sessionEnded(server: configuration.server)
        } catch {
            connection.close()
            throw error
        }
    }

    /// `signup` or `login` with a password; returns the session and the credentials to save.
    public static func authenticate(
        _ configuration: ClientConfiguration, signup: Bool, username: String, password: String
    ) async throws -> (AuthenticatedSession, StoredCredentials) {
        let connection = try await ProtocolConnection.open(
            url: configuration.server, timeout: configuration.connectTimeout)
        do {
            let reply = try await connection.request(
                signup
                    ? .signup(username: username, password: password) : .login(username: username, password: password),
                timeout: configuration.requestTimeout
            )
            guard case .authed(let authed) = reply.value, let token = authed.token else {
                throw ClientError.unexpectedReply("authed without a token")
            }
            let name = authed.username
            let session = AuthenticatedSession(connection: connection, configuration: configuration, username: name)
            return (session, StoredCredentials(server: configuration.server, username: name, token: token))
        } catch {
            connection.close()
            throw error
        }
    }

    /// Every checklist the user takes part in, in view order.
    public func lists() async throws -> [RemoteSummary] {
        let reply = try await connection.request(.lists, timeout: configuration.requestTimeout)
        guard case .lists(let lists) = reply.value else { throw ClientError.unexpectedReply("not lists") }
        return lists.lists
    }

    /// The current state of a checklist, from a snapshot (subscribe, then unsubscribe).
    public func view(of list: ListID) async throws -> ChecklistView {
        let reply = try await connection.request(
            .subscribe(list: list, since: nil), timeout: configuration.requestTimeout)
        connection.post(.unsubscribe(list: list))
        for case .snapshot(let snapshot) in reply.preceding.map(\.value) {
            return ChecklistView(snapshot, viewer: username)
        }
        throw ClientError.unexpectedReply("subscribe without a snapshot")
    }

    /// Sends an edit and waits until it is durable.
    /// - Throws: `.server` when refused (nothing changed); a transient error when the
    ///   outcome is unknown (resend with the same `opId`).
    public func perform(_ operation: Operation) async throws -> Ack {
        let reply = try await connection.request(operation.body, timeout: configuration.requestTimeout)
        return Ack(reply)
    }

    /// Revokes this session's token.
    public func logout() async throws {
        try await connection.request(.logout, timeout: configuration.requestTimeout)
    }

    public func close() {
        connection.close()
    }
}
