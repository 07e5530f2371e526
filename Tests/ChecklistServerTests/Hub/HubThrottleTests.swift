@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Credentials
import Testing
import Transport
import WireProtocol

/// How the hub runs the limits on attempts, which the store counts (so every server on a
/// shared store enforces one limit; the policy itself is `AttemptLimitTests`, on each back
/// end): the store's verdict is answered, a failure is counted before the client hears of
/// it, a success clears its account's count, and a refused signup costs no hashing.
@Suite struct HubThrottleTests {
    @Test func aThrottledLoginIsAnsweredWithTheWaitAndCostsNoHashing() throws {
        let h = HubHarness()
        let c = h.open(1, from: "203.0.113.9")
        h.send(#"{"type":"login","username":"ana","password":"guess one","ref":"l"}"#, on: c)
        let lookup = try #require(h.storeRequests().first)
        #expect(lookup.command == .credentials(username: "ana", address: "203.0.113.9", now: h.wallClock))
        h.store(lookup, .success(.throttled(retryAfter: 4)))
        let refused = try #require(h.messages(to: c).first)
        #expect(refused["code"]?.stringValue == "rateLimited")
        #expect(refused["ref"]?.stringValue == "l")
        #expect(refused["message"]?.stringValue?.contains("try again in 4 s") == true)
        #expect(h.passwordRequests().isEmpty)
        #expect(h.storeRequests().isEmpty, "a refusal is not counted as a failure")
    }

    @Test func aWrongPasswordIsCountedBeforeTheClientHearsOfIt() throws {
        let h = HubHarness()
        let c = h.open(1, from: "203.0.113.9")
        h.send(#"{"type":"login","username":"Ana","password":"guess one"}"#, on: c)
        h.send(#"{"type":"lists","ref":"next"}"#, on: c)
        h.store(
            try #require(h.storeRequests().first),
            .success(.credentials((user: UserAccount(id: "u-ana", username: "ana"), passwordHash: "h"))))
        h.password(try #require(h.passwordRequests().first), .rejected)
        let count = try #require(h.storeRequests().first)
        #expect(count.command == .loginFailed(address: "203.0.113.9", username: "Ana", now: h.wallClock))
        #expect(h.messages(to: c).isEmpty, "the answer waits for the count to commit")

        h.store(count, .success(.done))
        let replies = h.messages(to: c)
        #expect(replies.first?["code"]?.stringValue == "unauthorized")
        #expect(replies.last?["ref"]?.stringValue == "next", "the backlog resumes after the answer")
    }

    @Test func aFailureTheStoreCouldNotCountIsStillAnswered() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.send(#"{"type":"auth","token":"revoked"}"#, on: c)
        let lookup = try #require(h.storeRequests().first)
        #expect(
            lookup.command
                == .userForToken(
                    tokenHash: SessionToken(text: "revoked").storedHash, address: "192.0.2.1", now: h.wallClock))
        h.store(lookup, .success(.user(nil)))
        let count = try #require(h.storeRequests().first)
        #expect(
            count.command == .loginFailed(address: "192.0.2.1", username: nil, now: h.wallClock),
            "auth counts by address only")
        h.store(count, .failure(.failure("disk I/O error")))
        #expect(h.messages(to: c).first?["code"]?.stringValue == "unauthorized")
    }

    @Test func aThrottledAuthIsRefusedWithTheWait() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.send(#"{"type":"auth","token":"t"}"#, on: c)
        h.store(try #require(h.storeRequests().first), .success(.throttled(retryAfter: 2)))
        #expect(h.messages(to: c).first?["message"]?.stringValue?.contains("try again in 2 s") == true)
    }

    @Test func signupsAskTheStoresLimitBeforeAnyHashing() throws {
        let h = HubHarness(signupsPerAddressPerHour: 2)
        let flood = h.open(1, from: "203.0.113.9")
        h.send(#"{"type":"signup","username":"bot3","password":"long enough"}"#, on: flood)
        let admit = try #require(h.storeRequests().first)
        #expect(admit.command == .admitSignup(address: "203.0.113.9", limit: 2, now: h.wallClock))
        #expect(h.passwordRequests().isEmpty)
        h.store(admit, .success(.throttled(retryAfter: 3_600)))
        let refused = try #require(h.messages(to: flood).first)
        #expect(refused["code"]?.stringValue == "rateLimited")
        #expect(refused["message"]?.stringValue?.contains("try again in 3600 s") == true)
        #expect(h.passwordRequests().isEmpty, "a refused signup costs no hashing")

        let human = h.open(2, from: "198.51.100.7")
        h.send(#"{"type":"signup","username":"human","password":"long enough"}"#, on: human)
        h.store(try #require(h.storeRequests().first), .success(.done))
        #expect(h.passwordRequests().first?.job.isSignup == true)
    }

    @Test func aSignupBreakingTheAccountRulesIsRefusedWithoutCountingIt() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.send(#"{"type":"signup","username":"no spaces","password":"long enough"}"#, on: c)
        #expect(h.messages(to: c).first?["code"]?.stringValue == "badRequest")
        #expect(h.storeRequests().isEmpty)
    }
}
