import Testing
import WireProtocol

/// A course over real sockets: a sequential checklist whose parts open week by week.
@Suite struct CourseUnlockTests {
    @Test func partsUnlockInOrderAndByDate() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try #require(
            try await ana.op("createList", ["title": "Habit course", "sequential": true, "tz": "UTC"])["list"]?
                .stringValue)
        let part1 = try await ana.addItem(list, "Part 1: why habits")
        let part2 = try await ana.addItem(list, "Part 2: tiny steps")
        let part3 = try await ana.addItem(list, "Part 3: next year", ["availableFrom": "2099-01-05"])
        let snapshot = try await ana.snapshot(list)
        #expect(snapshot["list"]?["sequential"]?.boolValue == true)
        let available = (snapshot["list"]?["items"]?.arrayValue ?? []).map { $0["available"]?.boolValue }
        #expect(available == [true, false, false])

        let early = try await ana.op("completeItem", ["list": .string(list), "item": .string(part2)])
        #expect(
            early["code"]?.stringValue == "conflict"
                && early["message"]?.stringValue
                    == "“Part 2: tiny steps” is not available yet: complete “Part 1: why habits” first"
        )
        _ = try await ana.subscribe(list)
        _ = try await ana.op("completeItem", ["list": .string(list), "item": .string(part1)])
        let event = try await ana.next("event")
        let unlocked = event["changes"]?["items"]?.arrayValue?.first { $0["id"]?.stringValue == part2 }
        #expect(unlocked?["available"]?.boolValue == true, "the event says the next part opened: \(event)")
        _ = try await ana.op("completeItem", ["list": .string(list), "item": .string(part2)])
        let dated = try await ana.op("completeItem", ["list": .string(list), "item": .string(part3)])
        #expect(
            dated["code"]?.stringValue == "conflict"
                && dated["message"]?.stringValue?.contains("not available until 2099-01-05") == true)
    }
}
