public import Foundation

/// The session a `login` or `signup` saved: which server, who, and the token that resumes
/// it with `auth`. Kept in `ClientPaths.credentialsFile`, mode 0600, because the token is
/// as good as the password until it is revoked with `logout`.
public struct StoredCredentials: Sendable, Equatable, Codable {
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
        // A local file, not the wire: `Codable` is enough (the strict wire parser is for what
        // other programs send).
        guard let credentials = try? JSONDecoder().decode(StoredCredentials.self, from: Data(bytes)) else {
            throw ClientError.localFile("\(url.path) is damaged; run `checkwire login` again")
        }
        return credentials
    }

    /// Writes the file with mode 0600 (its directory 0700).
    public func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try PrivateFile.write(Array(try encoder.encode(self)) + [UInt8(ascii: "\n")], to: url)
    }

    /// Removes the file; true when there was one.
    @discardableResult
    public static func remove(at url: URL) -> Bool {
        (try? FileManager.default.removeItem(at: url)) != nil
    }
}
