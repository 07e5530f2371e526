import Foundation
import Testing
import Transport
import WireProtocol
import ChecklistServer

/// Every class of malformed input gets the contract's answer, changes nothing, and leaves
/// the connection working where it stays open.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct BadInputTests {
    static let badRequests: [(String, String?)] = [
        ("not json at all", nil),
        ("[1,2,3]", nil),
        (#"{"no":"type"}"#, nil),
        (#"{"type":42}"#, nil),
        (#"{"type":"teleport"}"#, nil),
        (#"{"type":"op","opId":"u1","op":"explode","list":"LIST"}"#, "u1"),
        (#"{"type":"op","opId":"u2","op":"addItem","list":"LIST","title":7}"#, "u2"),
        (#"{"type":"op","opId":"u3","op":"addItem","list":"LIST"}"#, "u3"),
        (#"{"type":"op","opId":"u4","op":"addItem","list":"LIST","title":"   "}"#, "u4"),
        (#"{"type":"op","opId":"u5","op":"addItem","list":"LIST","title":"TOO_LONG"}"#, "u5"),
        (#"{"type":"op","opId":"u6","op":"addItem","list":"LIST","title":"ok","due":"next week"}"#, "u6"),
        (#"{"type":"op","opId":"u7","op":"addItem","list":"LIST","title":"ok","remindEvery":-5}"#, "u7"),
        (#"{"type":"op","opId":"u8","op":"share","list":"LIST","username":"x","role":"owner"}"#, "u8"),
        (#"{"type":"op","opId":"LONG_OPID","op":"addItem","list":"LIST","title":"ok"}"#, nil),
        (#"{"type":"op","opId":"u9","op":"updateList","list":"LIST","description":"TOO_LONG_DESCRIPTION"}"#, "u9"),
        (#"{"type":"subscribe","list":"LIST","since":"yesterday"}"#, nil),
        (#"{"type":"lists","ref":"LONG_REF"}"#, nil),
    ]

    @Test(arguments: badRequests)
    func badRequestsChangeNothingAndTheConnectionKeepsWorking(_ template: String, _ opID: String?) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await server.user("ana")
        let list = try await client.createList()
        let text = template.replacingOccurrences(of: "LIST", with: list)
            .replacingOccurrences(of: "TOO_LONG_DESCRIPTION", with: String(repeating: "d", count: 10_001))
            .replacingOccurrences(of: "TOO_LONG", with: String(repeating: "t", count: 501))
            .replacingOccurrences(of: "LONG_OPID", with: String(repeating: "o", count: 65))
            .replacingOccurrences(of: "LONG_REF", with: String(repeating: "r", count: 65))
        client.send(raw: text)
        let reply = try await client.next()
        #expect(reply["type"]?.string == "error")
        #expect(reply["code"]?.string == "badRequest")
        #expect(reply["opId"]?.string == opID)
        #expect((reply["message"]?.string?.count ?? 0) > 10, "the message says what to fix")
        #expect(try await client.snapshot(list)["seq"]?.int == 1, "nothing changed")
    }

    @Test func aBinaryMessageIsABadRequestAndTheConnectionStaysOpen() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await server.user("ana")
        client.connection.send(.binary([0x7b, 0x7d]))
        let reply = try await client.next()
        #expect(reply["code"]?.string == "badRequest")
        let lists = try await client.request(["type": "lists"], expecting: "lists")
        #expect(lists["type"]?.string == "lists")
    }

    @Test func aMessageOverTheSizeLimitClosesWith1009() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await server.user("ana")
        let list = try await client.createList()
        let huge =
            #"{"type":"op","opId":"big","op":"addItem","list":"\#(list)","title":"x","notes":""#
            + String(repeating: "n", count: 70_000) + #""}"#
        client.send(raw: huge)
        #expect(try await client.connection.waitUntilClosed() == 1009)
        let again = try await server.connect()
        _ = try await again.request(
            ["type": "login", "username": "ana", "password": "correct horse"], expecting: "authed")
        #expect(try await again.snapshot(list)["seq"]?.int == 1)
    }

    @Test func aFragmentedMessageOverTheLimitClosesWith1009() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await server.user("ana")
        client.connection.sendFragmented(Array(repeating: 0x20, count: 80_000), fragmentSize: 8_000)
        #expect(try await client.connection.waitUntilClosed() == 1009)
    }

    @Test func invalidUTF8ClosesWith1007() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await server.user("ana")
        client.connection.sendFragmented(
            Array(#"{"type":"lists","x":""#.utf8) + [0xff, 0xfe] + Array(#""}"#.utf8), fragmentSize: 1 << 20)
        #expect(try await client.connection.waitUntilClosed() == 1007)
    }

    @Test func browserOriginsAreRefusedUnlessAllowed() async throws {
        let server = try TestServer { $0.allowedOrigins = ["https://checklists.example"] }
        defer { server.stop() }
        await #expect(throws: WebSocketConnectionError.self) {
            _ = try await WebSocketConnection.connect(url: server.url, origin: "https://evil.example")
        }
        let allowed = try await server.connect(origin: "https://checklists.example")
        _ = try await allowed.signUp("ana")
        let sameOrigin = try await server.connect(origin: "http://127.0.0.1:\(server.port)")
        _ = try await sameOrigin.signUp("ben")
        let noOrigin = try await server.connect()
        _ = try await noOrigin.signUp("cy")
    }
}
