import Foundation
import Testing
import Transport
import WireProtocol
import ChecklistServer

@Suite(.serialized, .timeLimit(.minutes(2)))
struct AuthenticationTests {
    @Test(arguments: [
        #"{"type":"lists"}"#,
        #"{"type":"subscribe","list":"x","ref":"r1"}"#,
        #"{"type":"op","opId":"o1","op":"createList","title":"T"}"#,
        #"{"type":"logout"}"#,
    ])
    func requestsBeforeAuthenticationAreUnauthorized(_ request: String) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await server.connect()
        client.send(raw: request)
        let reply = try await client.next()
        #expect(reply["type"]?.string == "error")
        #expect(reply["code"]?.string == "unauthorized")
        let sent = try JSONParser.parse(request)
        #expect(reply["opId"]?.string == sent["opId"]?.string)
        #expect(reply["ref"]?.string == sent["ref"]?.string)
    }

    @Test func wrongPasswordUnknownUserAndBadTokenLookTheSame() async throws {
        let server = try TestServer()
        defer { server.stop() }
        _ = try await server.user("ana")
        let client = try await server.connect()
        let wrong = try await client.request(
            ["type": "login", "username": "ana", "password": "not the password"], expecting: "authed")
        let unknown = try await client.request(
            ["type": "login", "username": "nobody", "password": "whatever1"], expecting: "authed")
        let token = try await client.request(["type": "auth", "token": "deadbeef"], expecting: "authed")
        for reply in [wrong, unknown, token] {
            #expect(reply["code"]?.string == "unauthorized")
            #expect(reply["message"] == wrong["message"])
        }
    }

    @Test func usernamesAreUniqueIgnoringCaseAndLoginIgnoresCase() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("Ana.B")
        #expect(ana.username == "Ana.B")
        let other = try await server.connect()
        let taken = try await other.request(
            ["type": "signup", "username": "ana.b", "password": "password1"], expecting: "authed")
        #expect(taken["code"]?.string == "conflict")
        let login = try await other.request(
            ["type": "login", "username": "ANA.B", "password": "correct horse"], expecting: "authed")
        #expect(login["user"]?["username"]?.string == "Ana.B", "shown as signed up")
        #expect(login["token"]?.string?.count == 64)
    }

    @Test(arguments: [
        ("", "password1"), ("has space", "password1"), (String(repeating: "a", count: 33), "password1"),
        ("émile", "password1"),
        ("short", "1234567"),
    ])
    func signupRulesGiveBadRequest(_ username: String, _ password: String) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await server.connect()
        let reply = try await client.request(
            ["type": "signup", "username": .string(username), "password": .string(password)], expecting: "authed")
        #expect(reply["code"]?.string == "badRequest")
        #expect(reply["message"]?.string?.isEmpty == false)
    }

    /// The contract's "Sessions and sharing": every other connection using a revoked token
    /// gets `loggedOut` at once, hears no more events and can no longer edit.
    @Test func logoutCutsOffEveryConnectionUsingThatToken() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let phone = try await server.user("ana")
        let token = try #require(phone.token)
        let laptop = try await server.connect()
        _ = try await laptop.request(["type": "auth", "token": .string(token)], expecting: "authed")
        let list = try await phone.createList()
        _ = try await laptop.subscribe(list)

        _ = try await phone.request(["type": "logout"], expecting: "loggedOut")
        let notice = try await laptop.next("loggedOut")
        #expect(notice["ref"] == nil, "a push, not a reply")

        // Ana signs in again elsewhere (a new token) and edits the list the laptop followed.
        let again = try await server.connect()
        _ = try await again.logIn("ana")
        _ = try await again.addItem(list, "after logout")
        #expect(await laptop.receivesNoEvent(), "nothing of the list after loggedOut")
        let edit = try await laptop.request(
            TestClient.op("addItem", ["list": .string(list), "title": "late"]), expecting: "ack")
        #expect(edit["code"]?.string == "unauthorized")
    }

    @Test func logoutRevokesOnlyThatToken() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let first = try await server.user("ana")
        let second = try await server.connect()
        let login = try await second.request(
            ["type": "login", "username": "ana", "password": "correct horse"], expecting: "authed")
        let secondToken = try #require(login["token"]?.string)
        let out = try await first.request(["type": "logout", "ref": "bye"], expecting: "loggedOut")
        #expect(out["type"]?.string == "loggedOut")
        #expect(out["ref"]?.string == "bye")
        let afterLogout = try await first.request(["type": "lists"], expecting: "lists")
        #expect(afterLogout["code"]?.string == "unauthorized", "the connection is unauthenticated again")
        let fresh = try await server.connect()
        let revoked = try await fresh.request(
            ["type": "auth", "token": .string(try #require(first.token))], expecting: "authed")
        #expect(revoked["code"]?.string == "unauthorized")
        let stillValid = try await fresh.request(["type": "auth", "token": .string(secondToken)], expecting: "authed")
        #expect(stillValid["user"]?["username"]?.string == "ana")
    }

    @Test func repeatedFailedLoginsAreRateLimited() async throws {
        let server = try TestServer()
        defer { server.stop() }
        _ = try await server.user("ana")
        let client = try await server.connect()
        for _ in 0..<5 {
            let reply = try await client.request(
                ["type": "login", "username": "ana", "password": "wrong password"], expecting: "authed")
            #expect(reply["code"]?.string == "unauthorized")
        }
        let limited = try await client.request(
            ["type": "login", "username": "ana", "password": "correct horse"], expecting: "authed")
        #expect(limited["code"]?.string == "rateLimited")
        #expect(limited["message"]?.string?.contains("try again") == true)
    }

    /// The throttle counts by address, so opening a new connection does not buy more guesses.
    @Test func aNewConnectionFromTheSameAddressIsStillThrottled() async throws {
        let server = try TestServer()
        defer { server.stop() }
        _ = try await server.user("ana")
        let first = try await server.connect()
        for _ in 0..<5 {
            _ = try await first.request(
                ["type": "login", "username": "ana", "password": "wrong password"], expecting: "authed")
        }
        first.close()
        let second = try await server.connect()
        let limited = try await second.request(
            ["type": "login", "username": "ana", "password": "wrong password"], expecting: "authed")
        #expect(limited["code"]?.string == "rateLimited")
        #expect(limited["message"]?.string == "too many failed attempts; try again in 1 s")
    }

    @Test func signupsFromOneAddressAreCappedPerHour() async throws {
        let server = try TestServer { $0.signupsPerAddressPerHour = 2 }
        defer { server.stop() }
        _ = try await server.user("first")
        _ = try await server.user("second")
        let third = try await server.connect()
        let refused = try await third.request(
            ["type": "signup", "username": "third", "password": "correct horse", "ref": "s"], expecting: "authed")
        #expect(refused["code"]?.string == "rateLimited")
        #expect(refused["ref"]?.string == "s")
        #expect(refused["message"]?.string?.hasPrefix("too many new accounts from this address; try again in ") == true)
        let login = try await third.request(
            ["type": "login", "username": "first", "password": "correct horse"], expecting: "authed")
        #expect(login["type"]?.string == "authed", "logins of existing accounts are not affected")
    }

    @Test func requestsPipelinedBehindALoginWaitForItAndKeepTheirOrder() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        _ = try await ana.createList("Groceries")
        let client = try await server.connect()
        client.send(["type": "login", "username": "ana", "password": "correct horse", "ref": "1"])
        client.send(["type": "lists", "ref": "2"])
        client.send(["type": "bogus", "ref": "3"])
        client.send(["type": "lists", "ref": "4"])
        var refs: [String] = []
        for _ in 0..<4 { refs.append(try #require(try await client.next()["ref"]?.string)) }
        #expect(refs == ["1", "2", "3", "4"])
    }
}
