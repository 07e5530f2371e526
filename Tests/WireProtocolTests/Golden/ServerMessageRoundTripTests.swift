import ChecklistCore
import Testing
import WireProtocol

/// The golden server fixtures read back: every one decodes to a typed `ServerMessage` (none
/// falls through to `.other`) and re-encodes to its very bytes, so the decoder and the
/// server's writers cannot drift apart. The fixtures are all written by the encoders
/// (`GoldenFixtureTests`), none by hand, so the comparison is byte for byte.
@Suite struct ServerMessageRoundTripTests {
    @Test func everyServerFixtureDecodesAndReencodesToItsBytes() throws {
        let files = try GoldenFixtures.files(in: "wire/server")
        #expect(files.count >= 31)
        for file in files {
            let text = String(decoding: try GoldenFixtures.read("wire/server/\(file)"), as: UTF8.self)
            let bytes = Array(text.utf8.dropLast())  // the file's final newline
            let message = try ServerMessage.decode(bytes)
            if case .other(let type, _) = message { Issue.record("\(file): \(type) was not decoded into a value") }
            #expect(file.hasPrefix(message.type), "\(file) decoded as \(message.type)")
            #expect(String(decoding: message.encoded(), as: UTF8.self) == String(text.dropLast()), "\(file)")
        }
    }

    @Test func aSnapshotDecodesIntoItsParts() throws {
        let message = try ServerMessage.decode(try GoldenFixtures.read("wire/server/snapshot.json"))
        guard case .snapshot(let snapshot) = message else {
            Issue.record("not a snapshot: \(message)")
            return
        }
        #expect(snapshot.ref == "r7")
        #expect(snapshot.summary.title == "Trip to Lisbon")
        #expect(snapshot.summary.role == .owner)
        #expect(snapshot.participants == [RemoteParticipant(username: "olive", role: .owner)])
        let tickets = try #require(snapshot.items.first { $0.id == "item-tickets" })
        #expect(tickets.parent == nil)
        #expect(tickets.title == "Print the tickets")
        #expect(tickets.remindBefore == 86_400)
        #expect(tickets.assignee == "olive")
        #expect(snapshot.seq == snapshot.summary.seq)
    }

    @Test func anEventCarriesTheObjectsItTouched() throws {
        let message = try ServerMessage.decode(try GoldenFixtures.read("wire/server/event-share.json"))
        guard case .event(let event) = message else {
            Issue.record("not an event: \(message)")
            return
        }
        #expect(event.op == "share")
        #expect(event.by == "olive")
        #expect(event.participants == [RemoteParticipant(username: "bob", role: .editor)])
        #expect(message.ref == nil)
    }

    /// A newer server may add fields anywhere and new message types: the decoder reads what
    /// it knows and keeps the rest (`raw`, `.other`).
    @Test func unknownFieldsAndTypesAreTolerated() throws {
        let ack = try ServerMessage.decode(
            Array(#"{"type":"ack","ref":"r1","opId":"op-1","list":"l","seq":3,"future":[1,{"x":2}]}"#.utf8))
        #expect(ack == .ack(.init(opID: "op-1", list: "l", seq: 3, createdID: nil, parsed: nil, ref: "r1")))
        let item = #"{"id":"i","title":"T","position":2,"status":"open","glow":"blue","status2":{}}"#
        let event = try ServerMessage.decode(
            Array(#"{"type":"event","list":"l","seq":4,"op":"teleport","changes":{"items":[\#(item)]},"x":1}"#.utf8))
        guard case .event(let decoded) = event else {
            Issue.record("not an event: \(event)")
            return
        }
        #expect(decoded.op == "teleport")
        #expect(decoded.items.first?.raw["glow"]?.stringValue == "blue")
        let future = Array(#"{"type":"weather","ref":"r9","sky":"clear"}"#.utf8)
        let other = try ServerMessage.decode(future)
        #expect(other.type == "weather")
        #expect(other.ref == "r9")
        #expect(other.encoded() == future)
    }

    @Test(arguments: [
        ("not JSON", "{"),
        ("not an object", "[1]"),
        ("an event without seq", #"{"type":"event","list":"l","changes":{}}"#),
        ("an item without id", #"{"type":"event","list":"l","seq":1,"changes":{"items":[{"title":"T"}]}}"#),
        ("an ack without list", #"{"type":"ack","opId":"o","seq":1}"#),
    ])
    func whatCannotBeReadIsAnError(_ what: String, _ text: String) {
        #expect(throws: ServerMessageDecodingError.self, "\(what)") { try ServerMessage.decode(Array(text.utf8)) }
    }
}
