import Testing
@testable import Transport

@Suite("OriginPolicy")
struct OriginPolicyTests {
    @Test(
        arguments: [
            (nil, "example.com", true),  // no Origin: non-browser client
            ("https://app.example", "x:1", true),  // listed
            ("http://127.0.0.1:8080", "127.0.0.1:8080", true),  // same origin
            ("https://Checkwire.Example", "checkwire.example", true),
            ("https://evil.example", "127.0.0.1:8080", false),
            ("http://127.0.0.1:9999", "127.0.0.1:8080", false),
            ("null", nil, false),
        ] as [(String?, String?, Bool)])
    func decisions(origin: String?, host: String?, allowed: Bool) {
        let policy = OriginPolicy(allowedOrigins: ["https://app.example"])
        #expect(policy.allows(origin: origin, host: host) == allowed)
    }

    @Test func wildcardAllowsAny() {
        #expect(OriginPolicy(allowedOrigins: ["*"]).allows(origin: "https://anything", host: nil))
    }
}
