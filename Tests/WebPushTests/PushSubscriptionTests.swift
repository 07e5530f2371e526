import Crypto
import Testing

@testable import WebPush

@Suite struct PushSubscriptionTests {
    let p256dh = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    let auth = Base64URL.encode([UInt8](repeating: 3, count: 16))

    @Test func takesWhatABrowserGives_paddedOrNot() throws {
        let subscription = try PushSubscription(
            endpoint: "https://fcm.googleapis.com/fcm/send/abc", p256dh: p256dh, auth: auth + "==")
        #expect(subscription.p256dh.count == 65 && subscription.auth.count == 16)
        #expect(subscription.audience == "https://fcm.googleapis.com")
    }

    @Test(arguments: [
        "http://push.example.net/x", "ftp://push.example.net/x", "push.example.net/x", "https:///x",
        "https://10.0.0.7/x", "https://[::1]/x", "https://localhost/x", "https://user:pw@push.example.net/x",
        "http://127.0.0.1:8080/x", "https://0x7f000001/x",
    ])
    func refusesEndpointsThatAreNotAPushServicesHTTPS(endpoint: String) {
        #expect(throws: PushSubscriptionError.self) {
            try PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
    }

    @Test func loopbackHTTPOnlyWhenAllowed_andOnlyTo127001WithAPort() throws {
        let allowed = try PushSubscription(
            endpoint: "http://127.0.0.1:8080/push/1", p256dh: p256dh, auth: auth, allowLoopback: true)
        #expect(allowed.audience == "http://127.0.0.1:8080")
        for endpoint in ["http://localhost:8080/x", "http://127.0.0.1/x", "http://192.168.1.2:8080/x"] {
            #expect(throws: PushSubscriptionError.self) {
                try PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth, allowLoopback: true)
            }
        }
    }

    @Test func refusesAnEndpointOverTheLengthLimit() {
        let long = "https://push.example.net/" + String(repeating: "a", count: PushSubscription.maximumEndpointLength)
        #expect(throws: PushSubscriptionError.self) { try PushSubscription(endpoint: long, p256dh: p256dh, auth: auth) }
    }

    @Test(arguments: [
        // Wrong length, compressed form, not on the curve, not base64url.
        Base64URL.encode([UInt8](repeating: 4, count: 64)),
        Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.compressedRepresentation),
        Base64URL.encode([4] + [UInt8](repeating: 1, count: 64)), "B!!",
    ])
    func refusesKeysThatAreNotAnUncompressedP256Point(key: String) {
        #expect(throws: PushSubscriptionError.self) {
            try PushSubscription(endpoint: "https://push.example.net/x", p256dh: key, auth: auth)
        }
    }

    @Test(arguments: [
        "", Base64URL.encode([UInt8](repeating: 1, count: 15)), Base64URL.encode([UInt8](repeating: 1, count: 32)),
    ])
    func refusesAnAuthSecretThatIsNot16Bytes(secret: String) {
        #expect(throws: PushSubscriptionError.invalidKey("keys.auth must be 16 bytes in base64url")) {
            try PushSubscription(endpoint: "https://push.example.net/x", p256dh: p256dh, auth: secret)
        }
    }
}
