import Testing
import WireProtocol

/// Repeating items over real sockets: `repeat` on add and update, `completeItem` recording the
/// occurrence and moving `due`, and refused rules changing nothing.
@Suite struct RepeatingItemTests {
    @Test func completingARepeatingItemMovesItToItsNextOccurrence() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList("CS 298")
        let item = try await ana.addItem(list, "Quiz", ["due": "2027-03-01", "repeat": "byday=mo,th;freq=weekly"])
        _ = try await ana.subscribe(list)
        let done = try await ana.op("completeItem", ["list": .string(list), "item": .string(item)])
        #expect(done["type"]?.stringValue == "ack")
        let event = try await ana.next("event")
        #expect(event["op"]?.stringValue == "completeItem" && event["occurrence"]?.stringValue == "2027-03-01")
        let changed = try #require(event["changes"]?["items"]?.arrayValue?.first)
        #expect(changed["status"]?.stringValue == "open" && changed["due"]?.stringValue == "2027-03-04")
        #expect(changed["repeat"]?.stringValue == "FREQ=WEEKLY;BYDAY=MO,TH", "stored canonically")
        #expect(event["completion"]?["done"]?.intValue == 0, "a repeating item counts as open")

        _ = try await ana.op("updateItem", ["list": .string(list), "item": .string(item), "repeat": .null])
        let stopped = try await ana.next("event")
        #expect(stopped["changes"]?["items"]?.arrayValue?.first?["repeat"] == .null)
    }

    @Test func badRulesAreRefusedWithThePartNamed() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList("CS 298")
        for (rule, gist) in [
            ("FREQ=YEARLY", "FREQ=YEARLY"), ("FREQ=WEEKLY;BYDAY=XX", "“XX” is not a weekday"),
            ("FREQ=DAILY;UNTIL=2027", "UNTIL"),
        ] {
            let refused = try await ana.op("addItem", ["list": .string(list), "title": "x", "repeat": .string(rule)])
            #expect(
                refused["code"]?.stringValue == "badRequest" && refused["message"]?.stringValue?.contains(gist) == true,
                "\(refused)")
        }
        #expect(try await ana.snapshot(list)["seq"]?.intValue == 1, "nothing changed")
    }
}
