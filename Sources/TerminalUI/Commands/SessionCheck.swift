import ChecklistClient

/// What `status` says about the saved session: it asks the server (authenticating, nothing
/// more: the queue is not sent), so a revoked token is not reported as "logged in".
enum SessionCheck {
    case none
    case valid(username: String)
    case revoked
    /// The server did not answer; the session is saved but could not be checked.
    case unchecked(reason: String)

    static func check(_ configuration: ClientConfiguration) async -> SessionCheck {
        guard configuration.token != nil else { return .none }
        var quick = configuration
        quick.connectTimeout = .seconds(3)
        quick.requestTimeout = .seconds(5)
        do {
            let session = try await AuthenticatedSession.open(quick)
            session.close()
            return .valid(username: session.username)
        } catch let error as ClientError where error.serverCode == "unauthorized" {
            return .revoked
        } catch let error as ClientError {
            if case .unreachable(_, let reason) = error { return .unchecked(reason: reason) }
            return .unchecked(reason: error.description)
        } catch {
            return .unchecked(reason: "\(error)")
        }
    }

    var name: String {
        switch self {
        case .none: "none"
        case .valid: "valid"
        case .revoked: "revoked"
        case .unchecked: "unchecked"
        }
    }

    var isLoggedIn: Bool {
        switch self {
        case .valid, .unchecked: true
        case .none, .revoked: false
        }
    }

    var username: String? {
        if case .valid(let username) = self { return username }
        return nil
    }

    func sentence(_ configuration: ClientConfiguration, painter: Painter) -> String {
        let place = ServerAddress.shortName(configuration.server)
        let who = configuration.username.map { " as " + painter.bold($0) } ?? " with CHECKWIRE_TOKEN"
        switch self {
        case .none:
            return "Not logged in to \(place). Run `checkwire login USERNAME` (or `checkwire signup USERNAME`)."
        case .valid(let username):
            return "Logged in as \(painter.bold(username)) on \(place)."
        case .revoked:
            return
                "The saved session\(who) on \(place) has ended (logged out elsewhere, or revoked). Run `checkwire login` again."
        case .unchecked(let reason):
            return "Logged in\(who) on \(place) (not checked: the server did not answer: \(reason))."
        }
    }
}
