import Crypto
import Foundation
import Testing

@testable import WebPush

@Suite struct VAPIDKeyPairTests {
    @Test func roundTripsThroughItsStoredForm() throws {
        let keys = VAPIDKeyPair.generate()
        let again = try VAPIDKeyPair(privateKeyBase64URL: keys.privateKeyBase64URL)
        #expect(again == keys)
        #expect(again.publicKeyBase64URL == keys.publicKeyBase64URL)
        #expect(keys.rawPrivateKey.count == 32)
        #expect(keys.rawPublicKey.count == 65 && keys.rawPublicKey.first == 0x04)
        // What browsers take as applicationServerKey: base64url, 87 characters, no padding.
        #expect(keys.publicKeyBase64URL.count == 87)
        #expect(!keys.publicKeyBase64URL.contains("=") && !keys.publicKeyBase64URL.contains("+"))
        #expect(Base64URL.decode(keys.publicKeyBase64URL) == keys.rawPublicKey)
        #expect(VAPIDKeyPair.generate() != keys)
    }

    @Test(arguments: [
        "", "not base64!", Base64URL.encode([UInt8](repeating: 1, count: 31)),
        Base64URL.encode([UInt8](repeating: 0xFF, count: 32)),
    ])
    func refusesWhatIsNotAP256Scalar(text: String) {
        #expect(throws: PushKeyError.invalidPrivateKey) { try VAPIDKeyPair(privateKeyBase64URL: text) }
    }
}

@Suite struct VAPIDTokenTests {
    @Test func isAnES256JWTWithTheClaimsRFC8292Asks() throws {
        let keys = VAPIDKeyPair.generate()
        let expires = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try VAPIDToken.make(
            audience: "https://push.example.net", subject: VAPIDSubject("mailto:ops@example.org"), expires: expires,
            keys: keys)
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let header = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[0])!)) as! [String: Any]
        #expect(header["alg"] as? String == "ES256" && header["typ"] as? String == "JWT")
        let claims = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1])!)) as! [String: Any]
        #expect(claims["aud"] as? String == "https://push.example.net")
        #expect(claims["exp"] as? Int == 1_800_000_000)
        #expect(claims["sub"] as? String == "mailto:ops@example.org")
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2])!)
        let publicKey = try P256.Signing.PublicKey(x963Representation: keys.rawPublicKey)
        #expect(publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8)))
        #expect(
            VAPIDToken.authorization(token: token, keys: keys) == "vapid t=\(token),k=\(keys.publicKeyBase64URL)")
    }

    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/abc:def", "https://fcm.googleapis.com"),
        ("https://Updates.Push.Services.Mozilla.com:443/wpush/v2/x", "https://updates.push.services.mozilla.com"),
        ("https://push.example.net:8443/p?q=1", "https://push.example.net:8443"),
        ("http://127.0.0.1:4567/push/1", "http://127.0.0.1:4567"),
    ])
    func audienceIsTheEndpointsOrigin(endpoint: String, origin: String) {
        #expect(VAPIDToken.audience(of: URL(string: endpoint)!) == origin)
    }

    @Test(arguments: ["mailto:ops@example.org", "https://example.org/contact", "MAILTO:a@b.co"])
    func subjectsThatPushServicesTake(text: String) throws {
        #expect(try VAPIDSubject(text).description == text)
    }

    @Test(arguments: [
        "", "ops@example.org", "mailto:", "mailto:ops", "http://example.org", "https://", "mailto:a b@c.d",
    ])
    func subjectsRefused(text: String) {
        #expect(throws: PushConfigurationError.invalidSubject(text)) { try VAPIDSubject(text) }
    }
}
