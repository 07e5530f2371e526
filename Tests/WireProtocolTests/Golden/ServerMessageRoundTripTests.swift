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
        #expect(files.count >= 40)
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

    @Test func anAgendaDecodesIntoEntriesWithTheirItems() throws {
        let message = try ServerMessage.decode(try GoldenFixtures.read("wire/server/agenda.json"))
        guard case .agenda(let agenda) = message else {
            Issue.record("not an agenda: \(message)")
            return
        }
        #expect(agenda.ref == "r12")
        #expect(agenda.items.map(\.item.id) == ["item-tickets"])
        #expect(agenda.overdue.map(\.item.id) == ["item-quiz"])
        #expect(agenda.overdue.first?.item.repeatRule == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(agenda.items.first?.listTitle == "Trip to Lisbon")
        #expect(agenda.items.first?.raw["list"]?.stringValue == "list-1")
    }

    @Test func searchResultsTellAnItemsMatchFromAChecklistsOwn() throws {
        let message = try ServerMessage.decode(try GoldenFixtures.read("wire/server/search.json"))
        guard case .search(let search) = message else {
            Issue.record("not a search reply: \(message)")
            return
        }
        #expect(search.results.count == 2)
        #expect(search.results[0].item?.title == "Print the tickets")
        #expect(search.results[0].snippet == "Print the «tickets»")
        #expect(search.results[1].item == nil)
        #expect(search.results.allSatisfy { $0.listStatus == .active && !$0.isCancelled })
    }

    @Test func devicesCarryTheirTimesToTheMillisecond() throws {
        let message = try ServerMessage.decode(try GoldenFixtures.read("wire/server/devices.json"))
        guard case .devices(let reply) = message else {
            Issue.record("not devices: \(message)")
            return
        }
        let device = try #require(reply.devices.first)
        #expect(device.device == "Chromium on Linux")
        #expect(device.created == Timestamp(rfc3339: "2027-03-01T09:00:00.123Z"))
        #expect(device.lastUsed.milliseconds - device.created.milliseconds == 600_333)
        #expect(device.json["lastUsed"]?.stringValue == "2027-03-01T09:10:00.456Z")
    }

    /// Empty replies, and replies as the contract writes them without this server's additions
    /// (`attachmentURL`'s `id`), read and write back as they were.
    @Test(arguments: [
        #"{"type":"attachmentURL","ref":"u1","url":"https://files.example.org/a?sig=1"}"#,
        #"{"type":"feed","url":"https://lists.example.org/feed/1.ics"}"#,
        #"{"type":"agenda","items":[],"overdue":[]}"#,
        #"{"type":"search","ref":"s","results":[]}"#,
        #"{"type":"devices","devices":[]}"#,
    ])
    func smallRepliesRoundTrip(_ text: String) throws {
        let message = try ServerMessage.decode(Array(text.utf8))
        if case .other = message { Issue.record("\(text) was not decoded into a value") }
        #expect(String(decoding: message.encoded(), as: UTF8.self) == text)
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
        ("a feed without its url", #"{"type":"feed","list":"l"}"#),
        ("an agenda entry without its item", #"{"type":"agenda","items":[{"list":"l","listTitle":"L"}]}"#),
        (
            "a device without its id",
            #"{"type":"devices","devices":[{"device":"Phone","created":"2027-03-01T09:00:00Z"}]}"#
        ),
        ("a pushKey without its key", #"{"type":"pushKey"}"#),
    ])
    func whatCannotBeReadIsAnError(_ what: String, _ text: String) {
        #expect(throws: ServerMessageDecodingError.self, "\(what)") { try ServerMessage.decode(Array(text.utf8)) }
    }
}
