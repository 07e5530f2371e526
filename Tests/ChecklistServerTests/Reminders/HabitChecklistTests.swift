import ChecklistCore
import Foundation
import Testing
import WireProtocol

/// Habit checklists over real sockets: check-ins by two people, the standing of every
/// participant in SUMMARY and in every checkIn event, history, what is refused, and a restart.
@Suite(.serialized) struct HabitChecklistTests {
    private static var today: String {
        RepeatDue.localDate(of: Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000)), timeZone: "UTC")
            .description
    }
    private static func day(_ offset: Int) -> String { CivilDate(iso: today)!.addingDays(offset).description }

    private static func checkIn(
        _ client: TestClient, _ list: String, _ item: String, _ date: String, _ value: JSONValue = "done"
    ) async throws -> JSONValue {
        try await client.op(
            "checkIn", ["list": .string(list), "item": .string(item), "date": .string(date), "value": value])
    }

    @Test func twoPeopleCheckInAndBothSeeEachOthersStanding() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let bo = try await server.user("bo")
        let created = try await ana.op("createList", ["title": "Morning habits", "kind": "habits", "tz": "UTC"])
        let list = try #require(created["list"]?.stringValue)
        _ = try await ana.op("share", ["list": .string(list), "username": "bo", "role": "editor"])
        let meditate = try await ana.addItem(list, "Meditate", ["due": .string(Self.day(-2))])
        let snapshot = try await ana.snapshot(list)
        #expect(snapshot["list"]?["kind"]?.stringValue == "habits")
        #expect(
            snapshot["list"]?["items"]?.arrayValue?.first?["repeat"]?.stringValue == "FREQ=DAILY",
            "every habit repeats, daily by default")
        _ = try await bo.subscribe(list)

        // Ana kept it on paper for the last two days and today; both check in concurrently.
        async let a1 = Self.checkIn(ana, list, meditate, Self.day(-2))
        async let b1 = Self.checkIn(bo, list, meditate, Self.today)
        let (ackA, ackB) = try await (a1, b1)
        #expect(ackA["type"]?.stringValue == "ack" && ackB["type"]?.stringValue == "ack", "\(ackA) \(ackB)")
        _ = try await Self.checkIn(ana, list, meditate, Self.day(-1), "skipped")
        _ = try await Self.checkIn(ana, list, meditate, Self.today)

        var last: JSONValue = .null
        for _ in 0..<4 { last = try await bo.next("event") }
        #expect(
            last["op"]?.stringValue == "checkIn" && last["by"]?.stringValue == "ana"
                && last["date"]?.stringValue == Self.today)
        #expect(last["value"]?.stringValue == "done" && last["item"]?.stringValue == meditate)
        let habits = try #require(last["changes"]?["list"]?["habits"])
        #expect(habits["ana"]?["streak"]?.intValue == 3 && habits["ana"]?["today"]?.stringValue == "done", "\(habits)")
        #expect(
            habits["bo"]?["streak"]?.intValue == 1 && habits["bo"]?["today"]?.stringValue == "done",
            "bo joined today: \(habits)")
        let anaScore = try #require(habits["ana"]?["score"]?.doubleValue)
        #expect(anaScore > 0 && anaScore < 1)

        let lists = try await bo.request(["type": "lists"], expecting: "lists")["lists"]?.arrayValue ?? []
        #expect(
            lists.first { $0["id"]?.stringValue == list }?["habits"]?["ana"]?["streak"]?.intValue == 3,
            "SUMMARY in lists carries it too")

        let undo = try await Self.checkIn(ana, list, meditate, Self.today, .null)
        #expect(undo["type"]?.stringValue == "ack")
        let undone = try await bo.next("event")
        #expect(
            undone["value"] == .null && undone["changes"]?["list"]?["habits"]?["ana"]?["today"]?.stringValue == "open")

        let history = try await bo.request(
            [
                "type": "history", "list": .string(list), "from": .string(Self.day(-3)), "to": .string(Self.today),
                "username": "ana",
            ], expecting: "history"
        )
        let days = history["days"]?.arrayValue ?? []
        #expect(
            days.map { $0["value"]?.stringValue } == ["done", "skipped"],
            "today is open, so not in the history: \(days)")
    }

    @Test func whatACheckInRefusesChangesNothing() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let vi = try await server.user("vi")
        let list = try #require(
            try await ana.op("createList", ["title": "Habits", "kind": "habits", "tz": "UTC"])["list"]?.stringValue)
        _ = try await ana.op("share", ["list": .string(list), "username": "vi", "role": "viewer"])
        let mondays = try await ana.addItem(
            list, "Review the week", ["repeat": "FREQ=WEEKLY;BYDAY=MO", "due": "2026-11-02"])
        let ordinary = try await ana.createList("Errands")
        let errand = try await ana.addItem(ordinary, "Buy milk", ["repeat": "FREQ=DAILY"])
        let before = try await ana.snapshot(list)["seq"]?.intValue
        for (fields, code, gist) in [
            (
                ["list": .string(list), "item": .string(mondays), "date": .string(Self.day(1)), "value": "done"],
                "badRequest", "after today"
            ),
            (
                ["list": .string(list), "item": .string(mondays), "date": "2026-11-03", "value": "done"], "badRequest",
                "not due on 2026-11-03"
            ),
            (
                ["list": .string(list), "item": .string(mondays), "date": "2026-10-26", "value": "done"], "badRequest",
                "before “Review the week” starts"
            ),
            (
                ["list": .string(ordinary), "item": .string(errand), "date": .string(Self.today), "value": "done"],
                "badRequest", "for habit checklists"
            ),
            (
                ["list": .string(list), "item": .string(errand), "date": .string(Self.today), "value": "done"],
                "notFound", "no item"
            ),
            (
                ["list": .string(list), "item": .string(mondays), "date": "2026-11-09", "value": "maybe"], "badRequest",
                "\"value\" must be"
            ),
        ] as [([String: JSONValue], String, String)] {
            let refused = try await ana.op("checkIn", fields)
            #expect(
                refused["code"]?.stringValue == code && refused["message"]?.stringValue?.contains(gist) == true,
                "\(refused)")
        }
        let viewer = try await vi.op(
            "checkIn", ["list": .string(list), "item": .string(mondays), "date": "2026-11-09", "value": "done"])
        #expect(viewer["code"]?.stringValue == "forbidden")
        let complete = try await ana.op("completeItem", ["list": .string(list), "item": .string(mondays)])
        #expect(
            complete["code"]?.stringValue == "badRequest"
                && complete["message"]?.stringValue?.contains("checkIn") == true)
        #expect(try await ana.snapshot(list)["seq"]?.intValue == before, "nothing changed")
    }

    @Test func checkInsAndStandingSurviveARestart() async throws {
        let temporary = try TemporaryDatabase("habits-restart")
        defer { temporary.remove() }
        let first = try ServerProcess(database: temporary.path)
        let ana = try await first.connect()
        try await ana.signUp("ana")
        let list = try #require(
            try await ana.op("createList", ["title": "Habits", "kind": "habits", "tz": "UTC"])["list"]?.stringValue)
        let water = try await ana.addItem(list, "Drink water", ["due": .string(Self.day(-1))])
        _ = try await Self.checkIn(ana, list, water, Self.day(-1))
        _ = try await Self.checkIn(ana, list, water, Self.today)
        first.kill()
        let second = try ServerProcess(database: temporary.path)
        defer { second.kill() }
        let back = try await second.connect()
        try await back.logIn("ana")
        let summary = try await back.snapshot(list)["list"]
        #expect(
            summary?["habits"]?["ana"]?["streak"]?.intValue == 2
                && summary?["habits"]?["ana"]?["today"]?.stringValue == "done")
    }
}
