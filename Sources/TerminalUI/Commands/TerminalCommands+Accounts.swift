import ChecklistClient
import Foundation
import WireProtocol

/// `signup`, `login`, `logout`.
extension TerminalCommands {
    /// Where the password comes from.
    public enum PasswordSource: Sendable {
        case standardInput
        case terminal
    }

    /// Signs up or logs in, saves the credentials (mode 0600), and sends this user's
    /// offline queue.
    public static func authenticate(
        signup: Bool, username: String, password source: PasswordSource, server: String?, console: Console
    ) async throws {
        let configuration = try configuration(server: server)
        let password: String
        switch source {
        case .standardInput:
            password = try PasswordReader.fromStandardInput()
        case .terminal:
            password = try PasswordReader.prompt("Password for \(username): ")
            if signup, try PasswordReader.prompt("Repeat the password: ") != password {
                throw ClientError.invalidInput("the passwords differ; nothing was created")
            }
        }
        let (session, credentials) = try await AuthenticatedSession.authenticate(
            configuration, signup: signup, username: username, password: password)
        defer { session.close() }
        try credentials.save(to: configuration.paths.credentialsFile)
        let report = try? await session.flushQueue()
        let where_ = ServerAddress.shortName(configuration.server)
        if console.json {
            console.print(
                json: JSONOutput([
                    ("ok", true), ("username", .string(credentials.username)),
                    ("server", .string(configuration.server)),
                    ("credentials", .string(configuration.paths.credentialsFile.path)),
                    ("sentQueued", .number(JSONNumber(Int64(report?.sent.count ?? 0)))),
                ]))
        } else {
            console.print(
                "\(signup ? "Signed up" : "Logged in") as \(console.painter.bold(credentials.username)) on \(where_).")
            console.print(
                console.painter.dim(
                    "Session saved in \(configuration.paths.credentialsFile.path) (readable only by you)."))
        }
        if let report { reportFlush(report, configuration: configuration, console: console) }
    }

    /// Revokes the saved token on the server and forgets it locally. When the server is
    /// unreachable the local copy is still removed, and the user is told the token lives on.
    public static func logout(server: String?, console: Console) async throws {
        let context = try context(server: server)
        let file = context.configuration.paths.credentialsFile
        guard context.configuration.token != nil else {
            if console.json {
                console.print(json: JSONOutput([("ok", true), ("wasLoggedIn", false)]))
            } else {
                console.print("Not logged in.")
            }
            return
        }
        var revoked = false
        do {
            if let session = try await context.session() {
                try await session.logout()
                revoked = true
            }
        } catch let error as ClientError where error.serverCode == "unauthorized" {
            revoked = true  // already invalid
        }
        context.close()
        StoredCredentials.remove(at: file)
        if console.json {
            console.print(json: JSONOutput([("ok", true), ("wasLoggedIn", true), ("revoked", .bool(revoked))]))
        } else {
            console.print("Logged out.")
            if !revoked {
                console.note("The server could not be reached, so the token was only forgotten here, not revoked.")
            }
        }
    }
}
