@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// Login throttling by address and by (address, username), and the signup limit, with the
/// clock moved by the test.
@Suite struct HubThrottleTests {
    @Test func sprayingManyUsernamesFromOneAddressIsSlowedWithGrowingDelays() throws {
        let h = HubHarness()
        let sprayer = h.open(1, from: "203.0.113.9")
        let free = LoginThrottle.Policy().freeFailuresPerAddress
        for i in 0..<free {
            #expect(h.failLogin("user\(i)", on: sprayer)?["code"]?.stringValue == "unauthorized")
        }
        let first = try #require(h.failLogin("another", on: sprayer))
        #expect(first["code"]?.stringValue == "rateLimited")
        #expect(first["message"]?.stringValue?.contains("try again in 1 s") == true)

        h.clock += 1.5
        #expect(h.failLogin("another", on: sprayer)?["code"]?.stringValue == "unauthorized", "the delay passed")
        let second = try #require(h.failLogin("yet another", on: sprayer))
        #expect(second["message"]?.stringValue?.contains("try again in 2 s") == true, "each failure doubles the delay")
    }

    @Test func aVictimIsNeverLockedOutBySomeoneElsesFailures() throws {
        let h = HubHarness()
        let attacker = h.open(1, from: "203.0.113.9")
        for _ in 0..<40 { h.failLogin("victim", on: attacker) }
        #expect(h.failLogin("victim", on: attacker)?["code"]?.stringValue == "rateLimited")

        let victim = h.open(2, from: "198.51.100.7")
        h.send(#"{"type":"login","username":"victim","password":"correct horse"}"#, on: victim)
        #expect(h.storeRequests().count == 1, "the victim's own login goes ahead")
    }

    @Test func guessingOneAccountFromOneAddressIsSlowedEarlyAndASuccessStartsOver() throws {
        let h = HubHarness()
        let c = h.open(1)
        let free = LoginThrottle.Policy().freeFailuresPerAccount
        for _ in 0..<free { h.failLogin("ana", on: c) }
        #expect(h.failLogin("ana", on: c)?["code"]?.stringValue == "rateLimited")
        #expect(
            h.failLogin("bo", on: c)?["code"]?.stringValue == "unauthorized",
            "other accounts from the address are not slowed yet")

        h.clock += 2
        h.send(#"{"type":"login","username":"ana","password":"correct horse"}"#, on: c)
        h.store(
            try #require(h.storeRequests().first),
            .success(.credentials((user: UserAccount(id: "u-ana", username: "ana"), passwordHash: "h"))))
        h.password(try #require(h.passwordRequests().first), .verified(token: "t", tokenHash: [1]))
        h.store(try #require(h.storeRequests().first), .success(.done))
        #expect(h.messages(to: c).first?["type"]?.stringValue == "authed")
        #expect(h.failLogin("ana", on: c)?["code"]?.stringValue == "unauthorized", "the count started over")
    }

    @Test func aQuietWindowForgivesEverything() {
        let h = HubHarness()
        let c = h.open(1)
        for _ in 0..<12 { h.failLogin("ana", on: c) }
        #expect(h.failLogin("ana", on: c)?["code"]?.stringValue == "rateLimited")
        h.clock += LoginThrottle.Policy().window + 1
        #expect(h.failLogin("ana", on: c)?["code"]?.stringValue == "unauthorized")
    }

    @Test func signupsAreLimitedPerAddressWithARetryAfter() throws {
        let h = HubHarness(signupsPerAddressPerHour: 2)
        // Each on its own connection: on one, the next signup would wait behind the first.
        for i in 0..<2 {
            h.send(
                #"{"type":"signup","username":"bot\#(i)","password":"long enough"}"#,
                on: h.open(UInt64(10 + i), from: "203.0.113.9"))
            #expect(h.passwordRequests().count == 1)
        }
        let flood = h.open(1, from: "203.0.113.9")
        h.send(#"{"type":"signup","username":"bot3","password":"long enough"}"#, on: flood)
        let refused = try #require(h.messages(to: flood).first)
        #expect(refused["code"]?.stringValue == "rateLimited")
        #expect(refused["message"]?.stringValue?.contains("try again in 3600 s") == true)
        #expect(h.passwordRequests().isEmpty, "a refused signup costs no hashing")

        let neighbour = h.open(2, from: "198.51.100.7")
        h.send(#"{"type":"signup","username":"human","password":"long enough"}"#, on: neighbour)
        #expect(h.passwordRequests().count == 1, "another address is not affected")

        h.clock += 3_601
        h.send(#"{"type":"signup","username":"bot4","password":"long enough"}"#, on: h.open(3, from: "203.0.113.9"))
        #expect(h.passwordRequests().count == 1)
    }
}
