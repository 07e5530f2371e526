import ChecklistClient
import ChecklistCore
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
import WireProtocol

/// The reminder commands as the `checkwire` binary against a real server: `add
/// --remind-before/--assign`, `reminders`, `dismiss`, `snooze`, `remind --follow`, and
/// natural `--due` values.
@Suite(.serialized) struct ReminderCommandTests {
    private static func inSeconds(_ seconds: Double) -> String {
        Timestamp(milliseconds: Int64((Date().timeIntervalSince1970 + seconds) * 1000)).rfc3339
    }

    private static func waiting(_ cli: CLI) async throws -> [JSONValue] {
        try await cli.ok(["reminders", "--json"]).json()["reminders"]?.arrayValue ?? []
    }

    @Test func remindersWaitUntilDismissedAndASnoozeBringsThemBack() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "Chores"])
        try await alice.ok(["add", "Chores", "Water the plants", "--due", Self.inSeconds(1.5), "--remind-before", "0"])
        // Long enough for a busy machine: the reminder comes 1.5 s in, the command is ended at 15 s.
        let follow = Task { try await alice.run(["remind", "--follow", "--json"], timeout: .seconds(15)) }
        var waiting = try await Self.waiting(alice)
        let deadline = ContinuousClock.now + .seconds(12)
        while waiting.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            waiting = try await Self.waiting(alice)
        }
        #expect(waiting.map { $0["item"]?["title"]?.stringValue } == ["Water the plants"], "\(waiting)")
        #expect(waiting.first?["kind"]?.stringValue == "before" && waiting.first?["listTitle"]?.stringValue == "Chores")
        let text = try await alice.ok(["reminders"]).stdout
        #expect(text.contains("⏰ Water the plants — Chores"), "\(text)")

        let followed = try await follow.value
        #expect(followed.status == 0, "SIGTERM ends it cleanly: \(followed)")
        let lines = followed.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(lines.map { $0["kind"]?.stringValue } == ["before"], "one reminder, as it fired: \(followed.stdout)")
        #expect(lines.allSatisfy { $0["type"] == nil }, "no protocol fields")

        try await alice.ok(["dismiss", "Chores", "Water"])
        #expect(try await Self.waiting(alice).isEmpty, "dismissed")

        let snoozed = try await alice.ok(["snooze", "Chores", "Water", "--for", "2s"])
        #expect(snoozed.stdout.contains("Snoozed “Water the plants” until"), "\(snoozed.stdout)")
        try await Task.sleep(for: .seconds(3))
        let again = try await Self.waiting(alice)
        #expect(
            again.count == 1 && again.first?["late"]?.boolValue == false, "the snooze ends with one reminder: \(again)")
    }

    @Test func addTakesNaturalDatesARemindLeadAndAnAssignee() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        let bob = try CLI(server: server.url)
        defer { bob.remove() }
        try await bob.signUp("bob")
        try await alice.ok(["new", "Trip"])
        try await alice.ok(["share", "Trip", "bob"])
        try await alice.ok([
            "add", "Trip", "Book the hotel", "--due", "friday 5pm", "--remind-before", "1d", "--assign", "BOB",
        ])
        let shown = try await alice.ok(["show", "Trip", "--json"]).json()
        let item = try #require(shown["list"]?["items"]?.arrayValue?.first)
        #expect(item["remindBefore"]?.intValue == 86_400 && item["assignee"]?.stringValue == "bob")
        #expect(
            item["due"]?.stringValue?.hasSuffix("T17:00:00Z") == true, "friday 5pm in the CLI's zone (UTC): \(item)")
        let refused = try await alice.run(["add", "Trip", "Pack", "--assign", "carol"])
        #expect(refused.status == 1 && refused.stderr.contains("carol is not a participant"), "\(refused.stderr)")
        try await alice.ok(["edit", "Trip", "Book the hotel", "--assign", "none", "--remind-before", "none"])
        let cleared = try await alice.ok(["show", "Trip", "--json"]).json()["list"]?["items"]?.arrayValue?.first
        #expect(cleared?["assignee"] == .null && cleared?["remindBefore"] == .null)
        try await alice.ok(["edit", "Trip", "--tz", "Europe/Lisbon"])
        #expect(try await alice.ok(["show", "Trip", "--json"]).json()["list"]?["tz"]?.stringValue == "Europe/Lisbon")
    }

    @Test func quickAddThatNamesNoChecklistLandsInTheInbox() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        let added = try await alice.ok(["add", "Call the dentist tomorrow"])
        #expect(added.stdout.contains("Inbox"), "says where it went: \(added.stdout)")
        let inbox = try await alice.ok(["show", "Inbox", "--json"]).json()
        #expect(inbox["list"]?["items"]?.arrayValue?.map { $0["title"]?.stringValue } == ["Call the dentist"])
    }
}

/// Repeating items from the terminal: `add --repeat` in words, the rule shown in words, and
/// `done` moving the item to its next occurrence.
@Suite(.serialized) struct RepeatCommandTests {
    @Test func aRepeatingItemFromTheTerminal() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "Chores"])
        try await alice.ok([
            "add", "Chores", "Take out the trash", "--due", "2027-03-01", "--repeat", "every Mon and Thu",
        ])
        let shown = try await alice.ok(["show", "Chores"]).stdout
        #expect(shown.contains("↻ every Mon, Thu"), "\(shown)")
        try await alice.ok(["done", "Chores", "Take out the trash"])
        let item = try await alice.ok(["show", "Chores", "--json"]).json()["list"]?["items"]?.arrayValue?.first
        #expect(
            item?["status"]?.stringValue == "open" && item?["due"]?.stringValue == "2027-03-04",
            "\(String(describing: item))")
        let refused = try await alice.run(["add", "Chores", "x", "--repeat", "FREQ=YEARLY"])
        #expect(refused.status == 1 && refused.stderr.contains("FREQ=YEARLY is not supported"), "\(refused.stderr)")
        try await alice.ok(["edit", "Chores", "Take out the trash", "--repeat", "none"])
        #expect(
            try await alice.ok(["show", "Chores", "--json"]).json()["list"]?["items"]?.arrayValue?.first?["repeat"]
                == .null)
    }
}

/// Habit checklists from the terminal: `checkin` (done, --skip, --undo, --date) and `habits`.
@Suite(.serialized) struct HabitCommandTests {
    @Test func checkInAndSeeTheStanding() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        let list = "Habits"
        try await alice.ok(["new", list, "--habits"])
        let today = RepeatDue.localDate(
            of: Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000)), timeZone: "UTC")
        try await alice.ok(["add", list, "Meditate", "--due", today.addingDays(-1).description])
        try await alice.ok(["add", list, "Stretch", "--due", today.addingDays(-1).description])
        let checked = try await alice.ok(["checkin", list, "Meditate"])
        #expect(checked.stdout.contains("Checked in “Meditate” on "), "\(checked.stdout)")
        try await alice.ok(["checkin", list, "Meditate", "--date", "yesterday"])
        try await alice.ok(["checkin", list, "Stretch", "--date", "yesterday", "--skip"])
        try await alice.ok(["checkin", list, "Stretch"])
        let shown = try await alice.ok(["habits", list]).stdout
        #expect(shown.contains("[x] Meditate") && shown.contains("[x] Stretch"), "\(shown)")
        #expect(shown.contains("alice") && shown.contains("streak 2  best 2"), "\(shown)")
        #expect(shown.contains("last 30 days"), "\(shown)")
        let json = try await alice.ok(["habits", list, "--json"]).json()
        #expect(json["habits"]?["alice"]?["today"]?.stringValue == "done")
        try await alice.ok(["checkin", list, "Stretch", "--undo"])
        #expect(
            try await alice.ok(["habits", list, "--json"]).json()["habits"]?["alice"]?["today"]?.stringValue == "open")
        let future = try await alice.run(["checkin", list, "Meditate", "--date", today.addingDays(1).description])
        #expect(future.status == 1 && future.stderr.contains("after today"), "\(future.stderr)")
    }
}

/// `today` and `agenda` from the terminal.
@Suite(.serialized) struct AgendaCommandTests {
    @Test func todayAndTheWeekAhead() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        let today = RepeatDue.localDate(
            of: Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000)), timeZone: "UTC")
        try await alice.ok(["new", "CS 298"])
        try await alice.ok(["add", "CS 298", "Homework 3", "--due", today.addingDays(2).description])
        try await alice.ok(["add", "CS 298", "Late essay", "--due", today.addingDays(-1).description])
        try await alice.ok(["add", "CS 298", "Quiz", "--due", today.description, "--repeat", "weekly"])
        let now = try await alice.ok(["today"]).stdout
        #expect(
            now.contains("Overdue") && now.contains("Late essay") && now.contains("Today") && now.contains("Quiz"),
            "\(now)")
        #expect(!now.contains("Homework 3"), "\(now)")
        let week = try await alice.ok(["agenda", "--days", "8", "--json"]).json()
        #expect(
            week["items"]?.arrayValue?.map { $0["item"]?["title"]?.stringValue } == ["Quiz", "Homework 3", "Quiz"],
            "\(week)")
        let refused = try await alice.run(["agenda", "--days", "100"])
        #expect(refused.status == 1 && refused.stderr.contains("--days must be from 1 to 92"), "\(refused.stderr)")
    }
}

/// `search` from the terminal.
@Suite(.serialized) struct SearchCommandTests {
    @Test func searchFindsByWordsAndSaysWhereTheyAre() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "Trip to Lisbon"])
        try await alice.ok(["add", "Trip to Lisbon", "Apply for the visa", "--notes", "two photos"])
        let found = try await alice.ok(["search", "vis"]).stdout
        #expect(found.contains("Apply for the visa  — Trip to Lisbon") && found.contains("«visa»"), "\(found)")
        #expect(try await alice.ok(["search", "nothing", "here"]).stdout.contains("Nothing matches"))
        let json = try await alice.ok(["search", "photos", "--json"]).json()
        #expect(json["results"]?.arrayValue?.first?["item"]?["title"]?.stringValue == "Apply for the visa")
    }
}

/// `feed` from the terminal: the link works over HTTP, one checklist's link differs, and
/// `--rotate` makes the old link 404.
@Suite(.serialized) struct FeedCommandTests {
    private static func status(of url: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func feedGivesALinkThatCalendarAppsCanReadAndRotateReplacesIt() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "CS 298"])
        try await alice.ok(["add", "CS 298", "Homework 3", "--due", "2027-03-12"])
        let shown = try await alice.ok(["feed"]).stdout
        #expect(shown.contains("Calendar link for all your checklists:"), "\(shown)")
        let url = try #require(shown.split(separator: "\n").first { $0.hasPrefix("http://") }.map(String.init))
        let (status, body) = try await Self.status(of: url)
        #expect(
            status == 200 && body.contains("SUMMARY:Homework 3") && body.contains("DTSTART;VALUE=DATE:20270312"),
            "\(body)")

        let one = try await alice.ok(["feed", "CS", "--json"]).json()
        #expect(one["url"]?.stringValue != url && one["list"]?.stringValue != nil)

        let rotated = try await alice.ok(["feed", "--rotate", "--json"]).json()
        let newURL = try #require(rotated["url"]?.stringValue)
        #expect(newURL != url)
        #expect(try await Self.status(of: url).0 == 404)
        #expect(try await Self.status(of: newURL).0 == 200)
    }
}

/// `attach`, `attachments` and `download` from the terminal, against a real server.
@Suite(.serialized) struct AttachmentCommandTests {
    @Test func attachListAndDownloadAFile() async throws {
        let (server, alice) = try await CommandTests.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "CS 298"])
        try await alice.ok(["add", "CS 298", "Worksheet"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Data((0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let source = folder.appendingPathComponent("page 1.png")
        try photo.write(to: source)

        let attached = try await alice.ok(["attach", "CS 298", "Worksheet", source.path])
        #expect(
            attached.stdout.contains("Attached “page 1.png”") && attached.stdout.contains("to “Worksheet”"),
            "\(attached.stdout)")
        let listed = try await alice.ok(["attachments", "CS 298", "Worksheet", "--json"]).json()
        let files = listed["attachments"]?.arrayValue ?? []
        #expect(files.map { $0["name"]?.stringValue } == ["page 1.png"])
        #expect(files.first?["type"]?.stringValue == "image/png" && files.first?["size"]?.int64Value == 400_000)

        let target = folder.appendingPathComponent("copy.png").path
        let saved = try await alice.ok(["download", "CS 298", "Worksheet", "page 1.png", "-o", target])
        #expect(saved.stdout.contains("Saved"), "\(saved.stdout)")
        #expect(FileManager.default.contents(atPath: target) == photo)
        let missing = try await alice.run(["download", "CS 298", "Worksheet", "nothing.png"])
        #expect(missing.status == 1 && missing.stderr.contains("no file “nothing.png”"), "\(missing.stderr)")
    }
}

/// `checkwire encode-benchmark`, the measurement behind keeping the hand-written encoder:
/// it runs, encodes the story's event with both encoders, and reports both figures.
@Suite struct EncodeBenchmarkCommandTests {
    @Test func itTimesBothEncodersOnTheSameEvent() async throws {
        let cli = try CLI(server: "ws://127.0.0.1:9/ws")
        defer { cli.remove() }
        let result = try await cli.run(["encode-benchmark", "--seconds", "0.05"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("event: 1344 bytes"), "\(result.stdout)")
        #expect(result.stdout.contains("JSONWriter:") && result.stdout.contains("JSONEncoder:"), "\(result.stdout)")
    }
}
