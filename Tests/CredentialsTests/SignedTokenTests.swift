import Foundation
import Testing
@testable import Credentials

@Suite("Server key, feed tokens, signed attachment links, streaming SHA-256")
struct SignedTokenTests {
    let key = ServerKey(bytes: Array(0..<32))

    @Test("a feed token is 64 hex digits, the same for the same inputs, and another for another generation")
    func feedTokens() {
        let first = FeedToken.derive(key: key, userID: "u1", listID: nil, generation: 0)
        #expect(first.text.count == 64 && FeedToken.isWellFormed(first.text[...]))
        #expect(FeedToken.derive(key: key, userID: "u1", listID: nil, generation: 0) == first)
        #expect(FeedToken.derive(key: key, userID: "u1", listID: nil, generation: 1) != first)
        #expect(FeedToken.derive(key: key, userID: "u1", listID: "l1", generation: 0) != first)
        #expect(
            FeedToken.derive(
                key: ServerKey(bytes: Array(repeating: 7, count: 32)), userID: "u1", listID: nil, generation: 0)
                != first)
        #expect(!FeedToken.isWellFormed("ABC"[...]))
    }

    @Test("a signed attachment link works until it expires, for its attachment and user only")
    func signedLinks() {
        let token = SignedAttachmentToken.make(key: key, attachmentID: "a1", userID: "u1", expires: 1_000)
        #expect(SignedAttachmentToken.verify(token, key: key, attachmentID: "a1", now: 999) == "u1")
        #expect(SignedAttachmentToken.verify(token, key: key, attachmentID: "a1", now: 1_000) == nil, "expired")
        #expect(
            SignedAttachmentToken.verify(token, key: key, attachmentID: "a2", now: 999) == nil, "another attachment")
        let forged = token.replacingOccurrences(of: ".u1.", with: ".u2.")
        #expect(SignedAttachmentToken.verify(forged, key: key, attachmentID: "a1", now: 999) == nil, "another user")
        let later = token.replacingOccurrences(of: "1000.", with: "9000.")
        #expect(SignedAttachmentToken.verify(later, key: key, attachmentID: "a1", now: 999) == nil, "a moved expiry")
        #expect(SignedAttachmentToken.verify("garbage", key: key, attachmentID: "a1", now: 0) == nil)
    }

    @Test("SHA-256 in pieces equals SHA-256 at once")
    func streamingHash() {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let hasher = StreamingSHA256()
        for start in stride(from: 0, to: bytes.count, by: 7_777) {
            bytes[start..<min(start + 7_777, bytes.count)].withUnsafeBytes { hasher.update($0) }
        }
        #expect(hasher.finish() == SessionToken.hexDigits(SessionToken.sha256(bytes)))
        let empty = StreamingSHA256().finish()
        #expect(empty == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
