import Crypto
import Foundation

/// RFC 8291 message encryption for Web Push, in RFC 8188's `aes128gcm` content coding: only
/// the browser holding the subscription's private key and auth secret can read the payload;
/// the push service sees its length (rounded up, see `paddedLength`) and nothing else.
///
/// All the cryptography is swift-crypto's: P-256 ECDH, HKDF-SHA-256, AES-128-GCM.
public enum PushEncryption {
    /// The record size written in the header: the whole message is one record, and push
    /// services must accept 4,096 bytes of body (RFC 8030 §7.2).
    public static let recordSize = 4_096
    /// Header (salt 16, record size 4, key id length 1, key id 65) + delimiter + GCM tag.
    static let overhead = 86 + 1 + 16
    /// The longest payload that fits in one 4,096-byte message.
    public static let maximumPayload = recordSize - overhead

    /// The encrypted body for `subscription`. A fresh key pair and salt each time, as
    /// RFC 8291 requires.
    ///
    /// - Throws: `PushPayloadError.tooLarge` for a payload over `maximumPayload` bytes.
    public static func encrypt(_ payload: [UInt8], for subscription: PushSubscription) throws -> [UInt8] {
        var salt = [UInt8](repeating: 0, count: 16)
        for index in salt.indices { salt[index] = UInt8.random(in: 0...255) }
        return try encrypt(
            payload, p256dh: subscription.p256dh, auth: subscription.auth,
            serverKey: P256.KeyAgreement.PrivateKey(), salt: salt)
    }

    /// The same with the server's key pair and the salt given: RFC 8291's worked example
    /// (Appendix A) reproduces byte for byte through this.
    static func encrypt(
        _ payload: [UInt8], p256dh: [UInt8], auth: [UInt8], serverKey: P256.KeyAgreement.PrivateKey, salt: [UInt8],
        paddingTo length: Int? = nil
    ) throws -> [UInt8] {
        guard payload.count <= maximumPayload else { throw PushPayloadError.tooLarge(payload.count) }
        let userAgentKey = try P256.KeyAgreement.PublicKey(x963Representation: p256dh)
        let serverPublic = Array(serverKey.publicKey.x963Representation)
        let shared = try serverKey.sharedSecretFromKeyAgreement(with: userAgentKey)
        // IKM = HKDF(salt: auth, ikm: ECDH secret, info: "WebPush: info" 0x00 ‖ ua_public ‖ as_public)
        let keyInfo = Array("WebPush: info".utf8) + [0] + p256dh + serverPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        // PRK = HKDF-Extract(salt, IKM); CEK and nonce are expanded from it (RFC 8188 §2.2, §2.3).
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let contentKey = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // The last (only) record: the payload, the delimiter 0x02, then zeros up to the padded length.
        let padded = max(payload.count, min(length ?? paddedLength(payload.count), maximumPayload))
        let plaintext = payload + [2] + [UInt8](repeating: 0, count: padded - payload.count)
        let sealed = try AES.GCM.seal(
            plaintext, using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))
        var header = salt
        header += withUnsafeBytes(of: UInt32(recordSize).bigEndian, Array.init)
        header.append(UInt8(serverPublic.count))
        header += serverPublic
        return header + Array(sealed.ciphertext) + Array(sealed.tag)
    }

    /// Payloads are padded up to a multiple of 256 bytes, so a push service watching lengths
    /// tells a short reminder title from a long one only in steps.
    static func paddedLength(_ length: Int) -> Int {
        min(maximumPayload, (length + 255) / 256 * 256)
    }
}

/// A payload that cannot be sent.
public enum PushPayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLarge(Int)
    case invalidTopic(String)

    public var description: String {
        switch self {
        case .tooLarge(let count):
            "a push payload holds at most \(PushEncryption.maximumPayload) bytes, not \(count)"
        case .invalidTopic(let topic):
            "a push topic is 1 to 32 characters of base64url, not \"\(topic)\""
        }
    }
}
