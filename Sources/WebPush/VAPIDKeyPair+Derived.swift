import Crypto

extension VAPIDKeyPair {
    /// The pair derived from the server's secret (the 32 bytes every server on a store shares,
    /// `StoreBackend.serverKey`): HKDF-SHA-256 with an info string of its own, so it reveals
    /// nothing of the secret or of the other keys derived from it.
    ///
    /// Why derived rather than drawn and stored: the key must be the same on every node and
    /// across restarts (push services tie each subscription to it), and the server's secret
    /// already is — made once, kept in the store, in every backup. Deriving needs no second
    /// secret to keep, and no race between two nodes making one at the same moment.
    public init(derivedFrom secret: [UInt8]) throws(PushKeyError) {
        guard secret.count >= 32 else { throw .invalidPrivateKey }
        // A 32-byte string is a valid P-256 scalar unless it is 0 or ≥ n (odds about 2⁻³²);
        // the counter moves past such a draw.
        for counter in 0..<8 {
            let scalar = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: secret), salt: [UInt8](),
                info: Array("checkwire VAPID P-256 key \(counter)".utf8), outputByteCount: 32)
            let raw = scalar.withUnsafeBytes { Array($0) }
            if let pair = try? VAPIDKeyPair(rawPrivateKey: raw) {
                self = pair
                return
            }
        }
        throw .invalidPrivateKey
    }
}
