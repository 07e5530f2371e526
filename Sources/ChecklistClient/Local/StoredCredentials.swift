public import Foundation
import WireProtocol

/// The session a `login` or `signup` saved: which server, who, and the token that resumes
/// it with `auth`. Kept in `ClientPaths.credentialsFile`, mode 0600, because the token is
/// as good as the password until it is revoked with `logout`.
public struct StoredCredentials: Sendable, Equatable {
    public var server: String
    public var username: String
    public var token: String

    public init(server: String, username: String, token: String) {
        self.server = server
        self.username = username
        self.token = token
    }

    /// Reads the file; nil when there is none.
    public static func load(from url: URL) throws -> StoredCredentials? {
        guard let bytes = try PrivateFile.read(url) else { return nil }
        guard let json = try? JSONParser.parse(bytes),
            let server = json.string("server"), let username = json.string("username"), let token = json.string("token")
        else { throw ClientError.localFile("\(url.path) is damaged; run `checkwire login` again") }
        return StoredCredentials(server: server, username: username, token: token)
    }

    /// Writes the file with mode 0600 (its directory 0700).
    public func save(to url: URL) throws {
        let json: JSONValue = ["server": .string(server), "username": .string(username), "token": .string(token)]
        try PrivateFile.write(json.encoded() + [UInt8(ascii: "\n")], to: url)
    }

    /// Removes the file; true when there was one.
    @discardableResult
    public static func remove(at url: URL) -> Bool {
        (try? FileManager.default.removeItem(at: url)) != nil
    }
}
