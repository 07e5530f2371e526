import Testing
@testable import Transport

/// The client's address behind trusted proxies (`--trusted-proxy`): the rightmost
/// `X-Forwarded-For` entry that is not a trusted proxy, and only from a trusted peer.
@Suite struct TrustedProxiesTests {
    let proxies = try! TrustedProxies(["10.0.0.0/8", "127.0.0.1", "fd00::/8"])

    @Test func withoutTrustedProxiesThePeerIsTheClient() {
        #expect(TrustedProxies().clientAddress(peer: "10.1.2.3", forwardedFor: "203.0.113.9") == "10.1.2.3")
    }

    @Test func fromAnUntrustedPeerTheHeaderIsIgnored() {
        #expect(proxies.clientAddress(peer: "198.51.100.7", forwardedFor: "203.0.113.9") == "198.51.100.7")
        #expect(
            proxies.clientAddress(peer: "127.0.0.2", forwardedFor: "203.0.113.9") == "127.0.0.2", "a /32 is one address"
        )
    }

    @Test func theRightmostUntrustedEntryIsTheClient() {
        #expect(proxies.clientAddress(peer: "10.0.0.5", forwardedFor: "203.0.113.9") == "203.0.113.9")
        #expect(
            proxies.clientAddress(peer: "10.0.0.5", forwardedFor: "192.0.2.66, 203.0.113.9,10.9.9.9") == "203.0.113.9",
            "what the client wrote left of it proves nothing; trusted hops right of it are skipped")
        #expect(
            proxies.clientAddress(peer: "127.0.0.1", forwardedFor: "10.1.1.1, 10.2.2.2") == "10.1.1.1",
            "every hop trusted: the leftmost")
    }

    @Test func anEntryThatIsNotAnAddressEndsTheWalkAtTheLastTrustedHop() {
        #expect(proxies.clientAddress(peer: "10.0.0.5", forwardedFor: "203.0.113.9, unknown") == "10.0.0.5")
        #expect(proxies.clientAddress(peer: "10.0.0.5", forwardedFor: "") == "10.0.0.5")
        #expect(proxies.clientAddress(peer: "10.0.0.5", forwardedFor: nil) == "10.0.0.5")
    }

    @Test func ipv6AndIPv4MappedPeersAreMatched() {
        #expect(proxies.clientAddress(peer: "::ffff:10.0.0.5", forwardedFor: "2001:db8::1") == "2001:db8::1")
        #expect(proxies.clientAddress(peer: "fd12::1", forwardedFor: "[2001:DB8:0::1]") == "2001:db8::1")
        #expect(proxies.clientAddress(peer: "10.0.0.5", forwardedFor: "::ffff:203.0.113.9") == "203.0.113.9")
    }

    @Test(arguments: ["", "10.0.0/8", "10.0.0.0/33", "10.0.0.0/-1", "fd00::/129", "example.org", "10.0.0.0/8/8"])
    func aValueThatIsNotARangeIsRefusedSayingHowToWriteOne(_ range: String) {
        let error = #expect(throws: TrustedProxyError.self) { try TrustedProxies([range]) }
        #expect(error?.description.contains("is not an address range") == true)
        #expect(error?.description.contains("10.0.0.0/8") == true)
    }
}
