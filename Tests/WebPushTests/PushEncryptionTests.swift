import Crypto
import Foundation
import Testing

@testable import WebPush

@Suite struct PushEncryptionTests {
    /// RFC 8291 Appendix A, every input and the final message as printed there.
    @Test func reproducesTheWorkedExampleOfRFC8291() throws {
        let plaintext = Base64URL.decode("V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24")!
        let serverKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")!)
        let body = try PushEncryption.encrypt(
            plaintext,
            p256dh: Base64URL.decode(
                "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")!,
            auth: Base64URL.decode("BTBZMqHH6r4Tts7J_aSIgg")!, serverKey: serverKey,
            salt: Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw")!, paddingTo: plaintext.count)
        #expect(
            Base64URL.encode(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
    }

    @Test func padsToSteps_andTheHeaderCarriesSaltRecordSizeAndKey() throws {
        let subscription = try PushSubscription.sample()
        for (length, padded) in [(0, 0), (1, 256), (256, 256), (257, 512), (3_900, PushEncryption.maximumPayload)] {
            let body = try PushEncryption.encrypt([UInt8](repeating: 65, count: length), for: subscription)
            #expect(body.count == 86 + padded + 1 + 16, "payload of \(length)")
            #expect(Array(body[16..<20]) == [0, 0, 0x10, 0])
            #expect(body[20] == 65 && body[21] == 4)
        }
    }

    @Test func freshKeyAndSaltEachTime() throws {
        let subscription = try PushSubscription.sample()
        let first = try PushEncryption.encrypt(Array("same".utf8), for: subscription)
        let second = try PushEncryption.encrypt(Array("same".utf8), for: subscription)
        #expect(first[0..<16] != second[0..<16])
        #expect(first[21..<86] != second[21..<86])
    }

    @Test func refusesAPayloadOverTheLimit() throws {
        let subscription = try PushSubscription.sample()
        #expect(throws: PushPayloadError.tooLarge(PushEncryption.maximumPayload + 1)) {
            try PushEncryption.encrypt(
                [UInt8](repeating: 0, count: PushEncryption.maximumPayload + 1), for: subscription)
        }
    }
}

extension PushSubscription {
    /// A subscription with keys made here, as a browser would.
    static func sample(endpoint: String = "https://push.example.net/send/abc") throws -> PushSubscription {
        let key = P256.KeyAgreement.PrivateKey()
        return try PushSubscription(
            endpoint: endpoint, p256dh: Base64URL.encode(key.publicKey.x963Representation),
            auth: Base64URL.encode([UInt8](repeating: 7, count: 16)))
    }
}
