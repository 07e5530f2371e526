import Crypto

/// The server's VAPID key pair (RFC 8292): ES256 over P-256. Push services tie each
/// subscription to the public key the browser was given, so the pair must stay the same for as
/// long as subscriptions live, and be the same on every node of a cluster: the store keeps it.
///
/// Serialized as the private scalar (32 bytes, `rawPrivateKey`) in base64url; the public key
/// follows from it. The public key as browsers take it (`applicationServerKey`) is the
/// uncompressed point, 65 bytes starting 0x04, in base64url without padding.
public struct VAPIDKeyPair: Sendable {
    let signingKey: P256.Signing.PrivateKey

    /// A fresh pair from the system's random source.
    public static func generate() -> VAPIDKeyPair {
        VAPIDKeyPair(signingKey: P256.Signing.PrivateKey())
    }

    /// The pair whose private scalar is `rawPrivateKey` (32 bytes).
    public init(rawPrivateKey: [UInt8]) throws(PushKeyError) {
        do {
            signingKey = try P256.Signing.PrivateKey(rawRepresentation: rawPrivateKey)
        } catch {
            throw .invalidPrivateKey
        }
    }

    /// The pair from `privateKeyBase64URL`, as stored.
    public init(privateKeyBase64URL: String) throws(PushKeyError) {
        guard let raw = Base64URL.decode(privateKeyBase64URL) else { throw .invalidPrivateKey }
        try self.init(rawPrivateKey: raw)
    }

    init(signingKey: P256.Signing.PrivateKey) {
        self.signingKey = signingKey
    }

    /// The private scalar, 32 bytes: what the store keeps (secret).
    public var rawPrivateKey: [UInt8] { Array(signingKey.rawRepresentation) }
    public var privateKeyBase64URL: String { Base64URL.encode(rawPrivateKey) }
    /// The uncompressed point (0x04 ‖ X ‖ Y), 65 bytes.
    public var rawPublicKey: [UInt8] { Array(signingKey.publicKey.x963Representation) }
    /// What `pushKey` answers and the `k=` of the Authorization header.
    public var publicKeyBase64URL: String { Base64URL.encode(rawPublicKey) }
}

extension VAPIDKeyPair: Equatable {
    public static func == (lhs: VAPIDKeyPair, rhs: VAPIDKeyPair) -> Bool { lhs.rawPrivateKey == rhs.rawPrivateKey }
}

/// A key that cannot be read.
public enum PushKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidPrivateKey

    public var description: String {
        "the VAPID private key is not a P-256 scalar of 32 bytes in base64url"
    }
}
