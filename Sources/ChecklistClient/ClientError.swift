/// Everything a client operation can fail with, in words a terminal user can act on.
///
/// Why one closed enum: the terminal prints every failure as one line and picks the exit
/// status from it, and the offline queue must tell "the server said no" (never retry) from
/// "the server could not be reached" (queue and retry later) without guessing from text.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the request; nothing changed. `code` is the wire error code.
    case server(code: String, message: String)
    /// No connection could be made (refused, nothing listening, handshake failed).
    case unreachable(server: String, reason: String)
    /// The connection dropped before the reply came; the request may or may not have applied.
    case connectionLost(reason: String)
    /// No reply within the time allowed.
    case timedOut(String)
    /// No token for this server: neither `checkwire login` nor `CHECKWIRE_TOKEN`.
    /// `savedElsewhere` names the session saved for another server ("alice on
    /// ws://127.0.0.1:8080/ws"), the usual sign of a mistyped `--server`.
    case notLoggedIn(server: String, savedElsewhere: String? = nil)
    /// The saved token was refused (logged out elsewhere, revoked): `checkwire login` again.
    case sessionEnded(server: String)
    /// A list or item reference that matches nothing.
    case notFound(String)
    /// A reference that matches several things; `candidates` are lines naming each.
    case ambiguous(String, candidates: [String])
    /// Input the client rejects before sending (a malformed date or duration).
    case invalidInput(String)
    /// A local file (credentials, queue, cache) could not be read or written.
    case localFile(String)
    /// The server sent something this client cannot read.
    case unexpectedReply(String)

    /// Whether the server may simply not have been reachable, so an edit belongs in the
    /// offline queue (its `opId` makes a later resend harmless even if it did apply).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .connectionLost, .timedOut: true
        default: false
        }
    }

    /// The wire error code, for `server` errors (and `unauthorized` for an ended session).
    public var serverCode: String? {
        switch self {
        case .server(let code, _): code
        case .sessionEnded: "unauthorized"
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .server(let code, let message): Self.plainWords(code: code, message: message)
        case .unreachable(let server, let reason): "cannot reach \(server): \(reason)"
        case .connectionLost(let reason): "the connection was lost: \(reason)"
        case .timedOut(let what): "timed out \(what)"
        case .notLoggedIn(let server, nil):
            "not logged in to \(server); run `checkwire login USERNAME` (or `checkwire signup USERNAME`)"
        case .notLoggedIn(let server, let saved?):
            "not logged in to \(server); your saved session is \(saved). "
                + "Check --server and CHECKWIRE_SERVER, or log in to this one with `checkwire login USERNAME`"
        case .sessionEnded(let server):
            "the saved session for \(server) has ended (logged out elsewhere, or revoked); "
                + "log in again with `checkwire login USERNAME`"
        case .notFound(let what): what
        case .ambiguous(let what, let candidates): ([what] + candidates.map { "  " + $0 }).joined(separator: "\n")
        case .invalidInput(let what): what
        case .localFile(let what): what
        case .unexpectedReply(let what): "unexpected reply from the server: \(what)"
        }
    }

    /// What the server's refusal means to a person at a terminal, and what to do about it. The
    /// wire code itself is printed only with `--json` (as `error.code`).
    static func plainWords(code: String, message: String) -> String {
        let said = message.prefix(1).uppercased() + message.dropFirst()
        switch code {
        case "unauthorized":
            // Only a password gets here: a saved token that is refused is `sessionEnded`.
            return
                "The username or password is wrong (usernames ignore case, passwords do not). Try again, or create an account with `checkwire signup USERNAME`."
        case "forbidden", "rateLimited":  // the server says who may, or when to try again
            return "\(said)."
        case "internal":
            return "The server could not save this; nothing was changed. Try again in a moment."
        case "badRequest":
            return "The server did not accept this: \(message)."
        default:  // notFound, conflict, tooLarge: the server's message already says what to fix
            return "\(said)."
        }
    }
}
