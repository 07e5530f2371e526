import ChecklistCore
import Foundation
import Testing
import WireProtocol

/// `agenda` over real sockets: the range, overdue, repeating items by occurrence, time zones
/// of date-times, and checklists the user cannot (or can no longer) read.
@Suite struct AgendaTests {
    private static var today: CivilDate {
        RepeatDue.localDate(of: Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000)), timeZone: "UTC")
    }
    private static func day(_ offset: Int) -> String { today.addingDays(offset).description }

    private static func agenda(_ client: TestClient, from: Int, to: Int) async throws -> JSONValue {
        try await client.request(
            ["type": "agenda", "from": .string(day(from)), "to": .string(day(to))], expecting: "agenda")
    }

    @Test func aWeekAcrossChecklistsWithOverdueAndRepeats() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let bo = try await server.user("bo")
        let school = try await ana.createList("CS 298")
        let home = try await ana.createList("Home")
        _ = try await ana.addItem(school, "Homework 3", ["due": .string(Self.day(2))])
        _ = try await ana.addItem(school, "Late essay", ["due": .string(Self.day(-3))])
        _ = try await ana.addItem(
            home, "Water plants", ["due": .string(Self.day(0)), "repeat": "FREQ=DAILY;INTERVAL=3"])
        _ = try await ana.addItem(home, "Next month", ["due": .string(Self.day(40))])
        let done = try await ana.addItem(home, "Already done", ["due": .string(Self.day(1))])
        _ = try await ana.op("completeItem", ["list": .string(home), "item": .string(done)])
        let bos = try await bo.createList("Bo's list")
        _ = try await bo.addItem(bos, "Not ana's", ["due": .string(Self.day(1))])

        let week = try await Self.agenda(ana, from: 0, to: 6)
        let titles = (week["items"]?.arrayValue ?? []).map {
            "\($0["item"]?["title"]?.stringValue ?? "")@\($0["item"]?["due"]?.stringValue ?? "")"
        }
        #expect(
            titles == [
                "Water plants@\(Self.day(0))", "Homework 3@\(Self.day(2))", "Water plants@\(Self.day(3))",
                "Water plants@\(Self.day(6))",
            ], "\(titles)")
        #expect(week["overdue"]?.arrayValue?.map { $0["item"]?["title"]?.stringValue } == ["Late essay"])
        #expect(week["items"]?.arrayValue?.first?["listTitle"]?.stringValue == "Home")

        // Shared, then unshared: in and out of bo's agenda at once.
        _ = try await ana.op("share", ["list": .string(school), "username": "bo", "role": "viewer"])
        #expect(
            try await Self.agenda(bo, from: 0, to: 6)["items"]?.arrayValue?.map { $0["item"]?["title"]?.stringValue }
                == ["Not ana's", "Homework 3"])
        _ = try await ana.op("unshare", ["list": .string(school), "username": "bo"])
        #expect(try await Self.agenda(bo, from: 0, to: 6)["items"]?.arrayValue?.count == 1)
        _ = try await ana.op("cancelList", ["list": .string(home)])
        #expect(
            try await Self.agenda(ana, from: 0, to: 6)["items"]?.arrayValue?.count == 1,
            "a cancelled checklist leaves the agenda")

        let tooLong = try await ana.request(
            ["type": "agenda", "from": .string(Self.day(0)), "to": .string(Self.day(100))], expecting: "agenda")
        #expect(
            tooLong["code"]?.stringValue == "badRequest" && tooLong["message"]?.stringValue?.contains("92 days") == true
        )
    }
}
