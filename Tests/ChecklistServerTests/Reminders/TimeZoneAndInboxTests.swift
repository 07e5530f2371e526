import Testing
import WireProtocol

/// The contract's "Time zones" and "Inbox" over real sockets.
@Suite struct TimeZoneAndInboxTests {
    @Test func settingsReadAndChangeTheZoneAndNameTheInbox() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let read = try await ana.request(["type": "settings", "ref": "s"], expecting: "settings")
        #expect(read["tz"]?.stringValue == "UTC" && read["ref"]?.stringValue == "s")
        let inbox = try #require(read["inbox"]?.stringValue)

        let lists = try await ana.request(["type": "lists"], expecting: "lists")["lists"]?.arrayValue ?? []
        #expect(lists.count == 1 && lists.first?["id"]?.stringValue == inbox)
        #expect(
            lists.first?["title"]?.stringValue == "Inbox" && lists.first?["inbox"]?.boolValue == true
                && lists.first?["tz"]?.stringValue == "UTC")

        let changed = try await ana.request(["type": "settings", "tz": "America/New_York"], expecting: "settings")
        #expect(changed["tz"]?.stringValue == "America/New_York" && changed["inbox"]?.stringValue == inbox)
        let refused = try await ana.request(["type": "settings", "tz": "Mars/Olympus"], expecting: "settings")
        #expect(
            refused["code"]?.stringValue == "badRequest"
                && refused["message"]?.stringValue?.contains("Mars/Olympus") == true)
        #expect(
            try await ana.request(["type": "settings"], expecting: "settings")["tz"]?.stringValue == "America/New_York",
            "unchanged")

        let mine = try await ana.createList("Errands")
        #expect(
            try await ana.snapshot(mine)["list"]?["tz"]?.stringValue == "America/New_York",
            "a new checklist takes the creator's zone")
        let tokyo = try await ana.op("createList", ["title": "Tokyo trip", "tz": "Asia/Tokyo"])
        let tokyoID = try #require(tokyo["list"]?.stringValue)
        #expect(try await ana.snapshot(tokyoID)["list"]?["tz"]?.stringValue == "Asia/Tokyo")
        _ = try await ana.op("updateList", ["list": .string(tokyoID), "tz": "Europe/Lisbon"])
        #expect(try await ana.snapshot(tokyoID)["list"]?["tz"]?.stringValue == "Europe/Lisbon")
        let badZone = try await ana.op("updateList", ["list": .string(tokyoID), "tz": "Lisbon"])
        #expect(badZone["code"]?.stringValue == "badRequest")
    }

    @Test func quickAddThatNamesNoChecklistGoesToTheInbox() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let inbox = try #require(
            try await ana.request(["type": "settings"], expecting: "settings")["inbox"]?.stringValue)
        _ = try await ana.createList("Groceries")
        let ack = try await ana.op("quickAdd", ["text": "Call the dentist tomorrow"])
        #expect(ack["type"]?.stringValue == "ack" && ack["list"]?.stringValue == inbox, "\(ack)")
        let items = try await ana.snapshot(inbox)["list"]?["items"]?.arrayValue ?? []
        #expect(items.map { $0["title"]?.stringValue } == ["Call the dentist"])
        let named = try await ana.op("quickAdd", ["text": "Milk #Groceries"])
        #expect(named["list"]?.stringValue != inbox, "a named checklist still wins")
    }

    @Test func theInboxCannotBeCancelledOrShared() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        _ = try await server.user("bo")
        let inbox = try #require(
            try await ana.request(["type": "settings"], expecting: "settings")["inbox"]?.stringValue)
        let cancel = try await ana.op("cancelList", ["list": .string(inbox)])
        #expect(
            cancel["code"]?.stringValue == "badRequest" && cancel["message"]?.stringValue?.contains("Inbox") == true)
        let share = try await ana.op("share", ["list": .string(inbox), "username": "bo", "role": "editor"])
        #expect(share["code"]?.stringValue == "badRequest")
        #expect(try await ana.snapshot(inbox)["seq"]?.intValue == 1, "nothing changed")
    }
}
