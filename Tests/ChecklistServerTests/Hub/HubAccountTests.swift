@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// signup, login, auth and logout as the hub runs them: store steps and password steps as
/// values, with no socket, thread or store.
@Suite struct HubAccountTests {
    let ana = UserAccount(id: "u-ana", username: "ana")

    @Test func loginIsLookupThenPasswordThenSessionAndNoWorkerWaitsOnTheStore() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.send(#"{"type":"login","username":"ana","password":"correct horse","ref":"r1"}"#, on: c)
        let lookup = try #require(h.storeRequests().first)
        #expect(lookup.command == .credentials(username: "ana", address: "192.0.2.1", now: h.wallClock))

        h.store(lookup, .success(.credentials((user: ana, passwordHash: "stored-hash"))))
        let check = try #require(h.passwordRequests().first)
        #expect(check.job == .verify(password: "correct horse", against: "stored-hash", userKnown: true))

        h.password(check, .verified(token: "tok", tokenHash: [1, 2, 3]))
        let session = try #require(h.storeRequests().first)
        #expect(
            session.command
                == .createSession(tokenHash: [1, 2, 3], userID: "u-ana", address: "192.0.2.1", username: "ana"),
            "the session is stored and the account's failures from the address cleared")
        #expect(h.messages(to: c).isEmpty, "nothing is answered before the session is stored")

        h.store(session, .success(.done))
        let reply = try #require(h.messages(to: c).first)
        #expect(reply["type"]?.stringValue == "authed")
        #expect(reply["token"]?.stringValue == "tok")
        #expect(reply["ref"]?.stringValue == "r1")
    }

    @Test func anUnknownUsernameIsCheckedAgainstTheDecoyAndRefusedLikeAWrongPassword() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.send(#"{"type":"login","username":"nobody","password":"whatever1"}"#, on: c)
        h.store(try #require(h.storeRequests().first), .success(.credentials(nil)))
        let check = try #require(h.passwordRequests().first)
        #expect(check.job == .verify(password: "whatever1", against: "decoy-hash", userKnown: false))
        h.password(check, .rejected)
        h.store(try #require(h.storeRequests().first), .success(.done))
        let reply = try #require(h.messages(to: c).first)
        #expect(reply["code"]?.stringValue == "unauthorized")
        #expect(reply["message"]?.stringValue == WireError.invalidCredentials.message)
    }

    @Test func requestsSentDuringAuthenticationWaitAndAreAnsweredInOrder() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.send(#"{"type":"auth","token":"t","ref":"a"}"#, on: c)
        h.send(#"{"type":"lists","ref":"b"}"#, on: c)
        let requests = h.storeRequests()
        #expect(requests.count == 1, "lists waits until it is known who is asking")

        h.store(requests[0], .success(.user(ana)))
        #expect(h.messages(to: c).map { $0["ref"]?.stringValue } == ["a"])
        let next = h.storeRequests()
        #expect(
            next.first?.command == .pendingReminders(userID: "u-ana", now: h.wallClock),
            "the sign-in's missed reminders are looked up first")
        #expect(next.last?.command == .lists(userID: "u-ana", ref: "b"))
    }

    @Test func aBusySignupPoolAnswersRateLimitedAndTheNextRequestGoesOn() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.send(#"{"type":"signup","username":"bo","password":"long enough"}"#, on: c)
        h.send(#"{"type":"lists","ref":"after"}"#, on: c)
        h.store(try #require(h.storeRequests().first), .success(.done))
        let hashing = try #require(h.passwordRequests().first)
        #expect(hashing.job.isSignup)
        h.password(hashing, .failed(.busy))
        let replies = h.messages(to: c)
        #expect(replies.first?["code"]?.stringValue == "rateLimited")
        #expect(replies.last?["code"]?.stringValue == "unauthorized", "the backlog resumes, still signed out")
    }

    @Test func logoutRevokesTheTokenOnEveryConnectionThatUsesIt() throws {
        let h = HubHarness()
        let phone = h.open(1)
        let laptop = h.open(2)
        let other = h.open(3)
        h.authenticate(phone, as: ana, token: "shared")
        h.authenticate(laptop, as: ana, token: "shared")
        h.authenticate(other, as: ana, token: "different")

        h.send(#"{"type":"logout","ref":"bye"}"#, on: phone)
        let delete = try #require(h.storeRequests().first)
        h.store(delete, .success(.done))
        #expect(h.messages(to: phone).map { $0["ref"]?.stringValue } == ["bye"])
        let notice = h.messages(to: laptop)
        #expect(notice.count == 1)
        #expect(notice.first?["type"]?.stringValue == "loggedOut")
        #expect(h.messages(to: other).isEmpty, "a connection with another token stays signed in")

        // The revoked connection is unauthenticated from then on.
        h.send(#"{"type":"lists","ref":"x"}"#, on: laptop)
        #expect(h.messages(to: laptop).first?["code"]?.stringValue == "unauthorized")
        h.send(#"{"type":"lists","ref":"y"}"#, on: other)
        #expect(h.storeRequests().count == 1)
    }
}
