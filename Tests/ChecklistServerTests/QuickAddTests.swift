import Foundation
import Testing
import Transport
import WireProtocol

/// The `quickAdd` op over real sockets against a real server and SQLite file: what its ack
/// and event carry, how a resent one is answered, and what it refuses.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct QuickAddTests {
    @Test func theAckSaysWhatWasUnderstoodAndSubscribersGetTheItem() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList("CS 298")
        let watcher = try await server.connectAndLogin(ana)
        _ = try await watcher.subscribe(list)

        let ack = try await ana.op(
            "quickAdd", opID: "q-1", ["text": "CS 298 - Homework 2 due 3/12", "tz": "America/New_York"])
        #expect(ack["type"]?.string == "ack", "\(ack)")
        let id = try #require(ack["id"]?.string)
        let parsed = try #require(ack["parsed"]?.objectValue)
        #expect(parsed["list"]?.string == "CS 298")
        #expect(parsed["title"]?.string == "Homework 2")
        #expect(parsed["date"]?.string?.hasSuffix("-03-12") == true)
        #expect(parsed["ranges"]?["title"]?.arrayValue?.isEmpty == false)

        let event = try await watcher.next("event")
        #expect(event["op"]?.string == "quickAdd", "\(event)")
        #expect(event["opId"]?.string == "q-1")
        #expect(event["item"]?.string == id)
        #expect(event["seq"]?.int == ack["seq"]?.int)
        let item = try #require(
            try await ana.snapshot(list)["list"]?["items"]?.arrayValue?.first { $0["id"]?.string == id })
        #expect(item["title"]?.string == "Homework 2")
    }

    /// A client that lost its connection before the ack resends the op; it must get the same
    /// answer, `parsed` included, whatever it sends the second time and wherever.
    @Test func aResentQuickAddGetsTheOriginalAckWholeAlsoAfterARestart() async throws {
        let temporary = try TemporaryDatabase("quickadd")
        defer { temporary.remove() }
        let database = temporary.path

        let first = try ServerProcess(database: database)
        let ana = try await first.connect()
        try await ana.signUp("ana")
        let list = try await ana.createList("Trip")
        let original = try await ana.op("quickAdd", opID: "q-same", ["text": "Pack sunscreen tomorrow #Trip"])
        #expect(original["parsed"]?["title"]?.string == "Pack sunscreen", "\(original)")
        let again = try await ana.op("quickAdd", opID: "q-same", ["text": "something else entirely #Trip"])
        #expect(again == original)
        let invalidBody = try await ana.op("quickAdd", opID: "q-same", ["text": 42])
        #expect(invalidBody == original, "idempotency is checked before the body")
        _ = first.terminate()

        let second = try ServerProcess(database: database)
        defer { _ = second.terminate() }
        let back = try await second.connect()
        try await back.logIn("ana")
        let afterRestart = try await back.op("quickAdd", opID: "q-same", ["text": "Pack sunscreen tomorrow #Trip"])
        #expect(afterRestart == original)
        let snapshot = try await back.snapshot(list)
        #expect(snapshot["list"]?["items"]?.arrayValue?.count == 1)
        #expect(snapshot["seq"]?.int == 2, "createList and one quickAdd")
    }

    /// Every refusal documented in docs/protocol.md §14: the code, the gist of the message,
    /// and that nothing changed.
    @Test(
        arguments: [
            (["text": "Buy milk tomorrow", "list": "LIST", "tz": "Lisbon"], "badRequest", "IANA time zone"),
            (["text": .string(String(repeating: "x", count: 501)), "list": "LIST"], "badRequest", "at most 500"),
            (["text": "  "], "badRequest", "must not be empty"),
            (["text": "Buy film", "list": "nope"], "notFound", "no checklist with id nope"),
        ] as [([String: JSONValue], String, String)])
    func refusedQuickAddsChangeNothing(fields: [String: JSONValue], code: String, message: String) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList("Trip to Lisbon")
        var fields = fields
        if fields["list"] == "LIST" { fields["list"] = .string(list) }
        let refused = try await ana.op("quickAdd", opID: "q-bad", fields)
        #expect(refused["type"]?.string == "error", "\(refused)")
        #expect(refused["code"]?.string == code)
        #expect(refused["opId"]?.string == "q-bad")
        #expect(refused["message"]?.string?.contains(message) == true, "\(refused)")
        #expect(try await ana.snapshot(list)["seq"]?.int == 1, "nothing changed")
        let retried = try await ana.op("quickAdd", opID: "q-bad", ["text": "Pack the bag #Trip to Lisbon"])
        #expect(retried["type"]?.string == "ack", "a refused opId was not used up")
    }

    @Test func viewersCannotQuickAddToAChecklistSharedWithThem() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let carol = try await server.user("carol")
        let list = try await ana.createList("Trip to Lisbon")
        _ = try await ana.op("share", ["list": .string(list), "username": "carol", "role": "viewer"])
        let refused = try await carol.op("quickAdd", ["text": "Bring a hat #Trip to Lisbon"])
        #expect(refused["code"]?.string == "forbidden", "\(refused)")
        #expect(try await ana.snapshot(list)["seq"]?.int == 2, "createList and share only")
    }
}
