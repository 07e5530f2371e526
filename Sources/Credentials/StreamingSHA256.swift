private import COpenSSL

/// SHA-256 over bytes that arrive in pieces (an upload as it streams to disk), on libcrypto's
/// EVP interface. Not thread-safe: one owner at a time (the upload's writer queue).
public final class StreamingSHA256: @unchecked Sendable {
    private let context: OpaquePointer

    public init() {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit { EVP_MD_CTX_free(context) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The digest as 64 lower-case hex digits; the hasher is spent afterwards.
    public func finish() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return SessionToken.hexDigits(digest.prefix(Int(length)))
    }
}

/// Short-lived signed URLs for attachments (`<img src>` cannot send a bearer token): the
/// expiry and an HMAC of the attachment, the user and the expiry under the server key.
///
/// The ids are plain `String`s here: Credentials does not import ChecklistCore, so callers
/// pass `AttachmentID.rawValue` and `UserID.rawValue` and wrap the user `verify` returns.
public struct SignedAttachmentToken: Sendable {
    public static func make(key: ServerKey, attachmentID: String, userID: String, expires: Int64) -> String {
        "\(expires).\(userID).\(SessionToken.hexDigits(key.authenticate("attachment\u{0}\(attachmentID)\u{0}\(userID)\u{0}\(expires)")))"
    }

    /// The user the token was made for, when it is genuine and `now` (seconds) is before its expiry.
    public static func verify(_ token: String, key: ServerKey, attachmentID: String, now: Int64) -> String? {
        let parts = token.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let expires = Int64(parts[0]), now < expires else { return nil }
        let userID = String(parts[1])
        let expected = make(key: key, attachmentID: attachmentID, userID: userID, expires: expires)
        return constantTimeEqual(Array(expected.utf8), Array(token.utf8)) ? userID : nil
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 }
        }
    }
}
