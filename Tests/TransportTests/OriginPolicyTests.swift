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

    /// A browser context (fetch metadata present) must name its origin (issue #19, item 5).
    @Test(
        arguments: [
            (nil, false),  // browser that hid its origin
            ("", false),  // empty Origin
            ("null", false),  // opaque origin (sandboxed frame, file: page)
            ("http://127.0.0.1:8080", true),  // the server's own page
            ("https://app.example", true),  // listed
            ("https://evil.example", false),
        ] as [(String?, Bool)])
    func browserContextMustNameItsOrigin(origin: String?, allowed: Bool) {
        let policy = OriginPolicy(allowedOrigins: ["https://app.example"])
        #expect(policy.allows(origin: origin, host: "127.0.0.1:8080", fromBrowser: true) == allowed)
    }

    @Test func wildcardDoesNotAdmitAHiddenBrowserOrigin() {
        let policy = OriginPolicy(allowedOrigins: ["*"])
        #expect(!policy.allows(origin: nil, host: nil, fromBrowser: true))
        #expect(!policy.allows(origin: "null", host: nil, fromBrowser: true))
        #expect(policy.allows(origin: nil, host: nil, fromBrowser: false))
    }

    @Test func wildcardAllowsAny() {
        #expect(OriginPolicy(allowedOrigins: ["*"]).allows(origin: "https://anything", host: nil))
    }
}
