public import Foundation

/// Which server to talk to, as whom, and where the local files are.
///
/// Resolved once per command: `--server` wins over `CHECKWIRE_SERVER`, which wins over the
/// server saved by `login`, then `ws://127.0.0.1:8080/ws`. The token is `CHECKWIRE_TOKEN`
/// when set, otherwise the saved one — but only for the server it was issued by, since a
/// token means nothing to another server.
public struct ClientConfiguration: Sendable {
    public var server: String
    public var token: String?
    public var username: String?
    public var paths: ClientPaths
    /// The session saved by `login` when it is for another server than this one.
    public var savedElsewhere: StoredCredentials?
    public var connectTimeout: Duration = .seconds(5)
    public var requestTimeout: Duration = .seconds(15)

    public init(server: String, token: String?, username: String?, paths: ClientPaths) {
        self.server = server
        self.token = token
        self.username = username
        self.paths = paths
    }

    public static func resolve(
        server flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ClientConfiguration {
        let paths = ClientPaths(environment: environment)
        let stored = try StoredCredentials.load(from: paths.credentialsFile)
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let server = ServerAddress.normalize(
            flag ?? nonEmpty("CHECKWIRE_SERVER") ?? stored?.server ?? ServerAddress.defaultURL)
        let matching = stored.flatMap { ServerAddress.normalize($0.server) == server ? $0 : nil }
        let envToken = nonEmpty("CHECKWIRE_TOKEN")
        var configuration = ClientConfiguration(
            server: server,
            token: envToken ?? matching?.token,
            username: envToken == nil ? matching?.username : nil,
            paths: paths
        )
        configuration.savedElsewhere = matching == nil ? stored : nil
        return configuration
    }

    /// "Not logged in", naming the session saved for another server if there is one.
    public var notLoggedIn: ClientError {
        .notLoggedIn(server: server, savedElsewhere: savedElsewhere.map { "\($0.username) on \($0.server)" })
    }

    public var queue: OfflineQueue { OfflineQueue(file: paths.queueFile) }

    public var refusedEdits: RefusedEdits { RefusedEdits(file: paths.refusedFile) }

    public var journal: EditJournal { EditJournal(file: paths.journalFile) }

    /// The cache for `username` on this server.
    public func cache(for username: String) -> ListCache {
        ListCache(paths: paths, server: server, username: username)
    }
}
