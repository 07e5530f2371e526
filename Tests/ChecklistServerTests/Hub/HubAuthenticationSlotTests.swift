@testable import ChecklistServer
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// One address may have `authenticationsPerAddress` signups and logins in progress at once;
/// past it the hub refuses at once, before any store lookup or hashing, and other addresses
/// are not touched. A slot comes back when its request is answered or its connection closes.
@Suite struct HubAuthenticationSlotTests {
    let flood = "203.0.113.9"
    let limit = Hub.Configuration().authenticationsPerAddress

    func login(_ h: HubHarness, on connection: ConnectionID, ref: String = "l") {
        h.send(#"{"type":"login","username":"nobody","password":"wrong password","ref":"\#(ref)"}"#, on: connection)
    }

    @Test func anAddressPastItsSlotsIsRefusedAtOnceAndOthersAreNot() throws {
        let h = HubHarness()
        let held = (0..<limit).map { h.open(UInt64(1 + $0), from: flood) }
        for connection in held { login(h, on: connection) }
        #expect(h.storeRequests().count == limit)

        let late = h.open(100, from: flood)
        h.send(#"{"type":"signup","username":"late","password":"flood password","ref":"s"}"#, on: late)
        let refused = try #require(h.messages(to: late).first)
        #expect(refused["code"]?.stringValue == "rateLimited")
        #expect(refused["ref"]?.stringValue == "s")
        #expect(h.storeRequests().isEmpty, "refused before any store lookup")
        #expect(h.passwordRequests().isEmpty, "and without hashing")

        let other = h.open(200, from: "198.51.100.7")
        login(h, on: other)
        #expect(h.storeRequests().count == 1, "another address still gets in")
    }

    @Test func aSlotComesBackWhenItsRequestIsAnsweredOrItsConnectionCloses() throws {
        let h = HubHarness()
        let held = (0..<limit).map { h.open(UInt64(1 + $0), from: flood) }
        for connection in held { login(h, on: connection) }
        let lookups = h.storeRequests()

        h.store(lookups[0], .success(.throttled(retryAfter: 3)))
        #expect(h.messages(to: held[0]).first?["code"]?.stringValue == "rateLimited")
        let afterAnswer = h.open(100, from: flood)
        login(h, on: afterAnswer)
        #expect(h.storeRequests().count == 1, "the answered login's slot is free again")

        h.hub.connectionClosed(held[1])
        let afterClose = h.open(101, from: flood)
        login(h, on: afterClose)
        #expect(h.storeRequests().count == 1, "the closed connection's slot is free again")

        let over = h.open(102, from: flood)
        login(h, on: over)
        #expect(h.messages(to: over).first?["code"]?.stringValue == "rateLimited")
        #expect(h.hub.authenticationSlots.inProgress(from: flood) == limit)
    }
}
