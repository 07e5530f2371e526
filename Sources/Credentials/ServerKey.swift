private import COpenSSL
import Foundation

/// The server's own secret: 32 random bytes in a file beside the database (mode 0600),
/// made on first start. Secret URLs (calendar feeds) are derived from it with HMAC, so the
/// server can show a user their URL again while the database keeps only its hash.
///
/// Back it up with the database: without it, every feed URL changes the next time its
/// owner asks for it (the old ones answer 404).
public struct ServerKey: Hashable, Sendable {
    let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads the key at `path`, or makes it there (exclusively, so two servers starting on
    /// one database agree on one key).
    public static func loadOrCreate(at path: String) throws -> ServerKey {
        if let existing = FileManager.default.contents(atPath: path), existing.count == 32 {
            return ServerKey(bytes: Array(existing))
        }
        let fresh = try SecureRandom.bytes(32)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST, let existing = FileManager.default.contents(atPath: path), existing.count == 32 {
                return ServerKey(bytes: Array(existing))
            }
            throw CredentialsError.keyFile("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = fresh.withUnsafeBytes { write(descriptor, $0.baseAddress, 32) }
        guard written == 32, fsync(descriptor) == 0 else {
            throw CredentialsError.keyFile("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return ServerKey(bytes: fresh)
    }

    /// HMAC-SHA-256 of `message` under the key.
    public func authenticate(_ message: String) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let input = Array(message.utf8)
        bytes.withUnsafeBufferPointer { key in
            input.withUnsafeBufferPointer { data in
                _ = HMAC(
                    EVP_sha256(), key.baseAddress, Int32(key.count), data.baseAddress, data.count, &digest, &length)
            }
        }
        return Array(digest.prefix(Int(length)))
    }
}

/// A calendar feed's secret: 256 bits derived from the server key, the user, the scope and
/// the generation (rotation moves it on), given out as 64 hex digits in the URL and stored
/// only as its SHA-256.
///
/// `derive` takes the user's and the list's ids as plain `String`s: Credentials does not
/// import ChecklistCore, so callers pass `UserID.rawValue` and `ListID.rawValue`.
public struct FeedToken: Hashable, Sendable {
    public let text: String

    public init(text: String) { self.text = text }

    public static func derive(key: ServerKey, userID: String, listID: String?, generation: Int) -> FeedToken {
        FeedToken(text: SessionToken.hex(key.authenticate("feed\u{0}\(userID)\u{0}\(listID ?? "")\u{0}\(generation)")))
    }

    public var storedHash: [UInt8] { SessionToken.sha256(Array(text.utf8)) }

    /// Whether `text` could be a token (64 lower-case hex digits), checked before any lookup.
    public static func isWellFormed(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
