private import COpenSSL

/// A session token: 32 random bytes, given to the client as 64 hex digits and stored only
/// as its SHA-256, so a copy of the database does not hold usable tokens.
public struct SessionToken: Hashable, Sendable {
    public let text: String

    public init(text: String) { self.text = text }

    public static func generate() throws(CredentialsError) -> SessionToken {
        SessionToken(text: hex(try SecureRandom.bytes(32)))
    }

    /// The SHA-256 of the token's text, the only form the store keeps.
    public var storedHash: [UInt8] { Self.sha256(Array(text.utf8)) }

    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }

    /// Lower-case hex digits of `bytes`.
    public static func hexDigits(_ bytes: some Sequence<UInt8>) -> String { hex(Array(bytes)) }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
