import Testing
@testable import Transport

/// Which `Host` a server answers (DNS rebinding).
@Suite struct HostPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1:8080", true), ("127.0.0.1", "localhost:8080", true), ("127.0.0.1", "[::1]:8080", true),
        ("127.0.0.1", "LOCALHOST", true), ("127.0.0.1", "attacker.example:8080", false), ("127.0.0.1", "", false),
        ("0.0.0.0", "attacker.example", true), ("192.0.2.4", "checklists.example.org", true),
    ])
    func defaults(bind: String, host: String, allowed: Bool) {
        #expect(HostPolicy(bindHost: bind, allowedHosts: []).allows(host: host) == allowed)
    }

    @Test func namesGivenAreAllowedAndOnlyThemWhenBoundToAllInterfaces() {
        let policy = HostPolicy(bindHost: "0.0.0.0", allowedHosts: ["Checklists.example.org"])
        #expect(policy.allows(host: "checklists.example.org:443"))
        #expect(!policy.allows(host: "attacker.example"))
        #expect(HostPolicy(bindHost: "127.0.0.1", allowedHosts: ["*"]).allows(host: "anything"))
        #expect(HostPolicy(bindHost: "127.0.0.1", allowedHosts: ["box.lan"]).allows(host: "box.lan:8080"))
    }
}
