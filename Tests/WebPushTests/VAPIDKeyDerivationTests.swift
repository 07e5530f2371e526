import Testing

@testable import WebPush

/// The VAPID key derived from the server's secret: the same on every server of a store, and
/// unrelated for another secret.
@Suite struct VAPIDKeyDerivationTests {
    @Test func theSameSecretGivesTheSameKeyAndAnotherAnother() throws {
        let secret = [UInt8](repeating: 7, count: 32)
        let first = try VAPIDKeyPair(derivedFrom: secret)
        let again = try VAPIDKeyPair(derivedFrom: secret)
        #expect(first == again)
        #expect(first.rawPublicKey.count == 65 && first.rawPublicKey[0] == 0x04)
        #expect(first.rawPrivateKey != secret, "the secret itself is not the key")
        var other = secret
        other[31] = 8
        #expect(try VAPIDKeyPair(derivedFrom: other) != first)
    }

    @Test func aShortSecretIsRefused() {
        #expect(throws: PushKeyError.invalidPrivateKey) { try VAPIDKeyPair(derivedFrom: [1, 2, 3]) }
    }
}
