import ChecklistClient
import ChecklistCore
import Foundation
import Testing
import TerminalUI
import WireProtocol

@Suite struct RenderTests {
    /// "Now" is 2026-11-18.
    static let dates = DateText(timeZone: TimeZone(identifier: "UTC")!, now: Date(timeIntervalSince1970: 1_795_000_000))

    static func summary(
        _ title: String, status: String = "active", due: String? = nil, done: Int = 1, total: Int = 4,
        closedAt: String? = nil
    ) throws -> RemoteSummary {
        try RemoteSummary(
            json: .object(
                JSONObject([
                    ("id", .string("id-" + title)), ("title", .string(title)), ("status", .string(status)),
                    ("due", due.map(JSONValue.string) ?? .null), ("role", "owner"), ("seq", 1),
                    (
                        "completion",
                        [
                            "done": .number(JSONNumber(Int64(done))), "total": .number(JSONNumber(Int64(total))),
                            "percent": 25,
                        ]
                    ),
                    ("participants", 3),
                    ("completedAt", status == "completed" ? .string(closedAt ?? "2026-11-01T00:00:00Z") : .null),
                    ("cancelledAt", status == "cancelled" ? .string(closedAt ?? "2026-11-01T00:00:00Z") : .null),
                ])))
    }

    @Test func listsAreGroupedInThreeSectionsInServerOrder() throws {
        let lists = [
            try Self.summary("CS 298", due: "2026-11-10"), try Self.summary("Groceries"),
            try Self.summary("Q3 launch", status: "completed"), try Self.summary("Old trip", status: "cancelled"),
        ]
        let lines = ListsRenderer(painter: .plain, dates: Self.dates, width: 0).render(lists)
        let text = lines.joined(separator: "\n")
        #expect(lines.first == "In Progress (2)")
        #expect(lines.contains("Completed (1)") && lines.contains("Cancelled (1)"))
        #expect(text.range(of: "CS 298")!.lowerBound < text.range(of: "Groceries")!.lowerBound)
        #expect(text.contains("[##--------]  25%  1/4"))
        #expect(text.contains("due Tue Nov 10") && text.contains("owner") && text.contains("3 people"))
        #expect(!text.contains("\u{1B}"), "plain text has no escape sequences")
    }

    @Test func colorsMarkOverdueAndStrikeCancelled() throws {
        let painter = Painter(enabled: true)
        let overdue = ListsRenderer(painter: painter, dates: Self.dates, width: 0).render([
            try Self.summary("Late", due: "2026-11-10")
        ]).joined()
        #expect(overdue.contains("\u{1B}[31mdue Tue Nov 10\u{1B}[0m"))
        let cancelled = ListsRenderer(painter: painter, dates: Self.dates, width: 0).render([
            try Self.summary("Gone", status: "cancelled")
        ]).joined()
        #expect(cancelled.contains("\u{1B}[2;9mGone"))
    }

    @Test func noColorTurnsColorsOff() {
        let capabilities = TerminalCapabilities.detect(
            fd: STDOUT_FILENO, environment: ["NO_COLOR": "1", "TERM": "xterm"])
        #expect(!capabilities.colors)
    }

    @Test func treeShowsMarksDueLocationAndParentCompletion() throws {
        let view = try ChecklistViewTests.snapshot()
        var items = view
        items.items["c"]?.status = .done
        items.items["a"]?.location = "Home"
        items.items["a"]?.due = Due(wire: "2026-11-01")
        items.items["b"]?.completion = Completion(done: 1, total: 1)
        let lines = ChecklistRenderer(painter: .plain, dates: Self.dates, width: 0).items(items)
        #expect(lines[0].hasPrefix("[ ] Passport  due Sun Nov 1 (overdue)  @ Home"))
        #expect(lines[1].hasPrefix("[ ] Tickets  1/1 100%"))
        #expect(lines[2].hasPrefix("    [x] Flight"))
    }

    @Test func watchFramePutsTheStatusLineLast() throws {
        let view = try ChecklistViewTests.snapshot()
        let change = ChangeRecord(
            seq: 3, by: "bob", at: Timestamp(rfc3339: "2026-11-18T09:00:00Z"), op: "completeItem",
            text: "checked off “Flight”")
        let update = LiveUpdate(
            cause: .state, state: .live, view: view, changes: [change], server: "ws://127.0.0.1:9/ws", username: "alice"
        )
        let frame = WatchScreen(painter: .plain, dates: Self.dates, width: 80, height: 24).frame(update)
        #expect(frame.count == 24)
        #expect(frame.last == "● live · seq 3 · alice@127.0.0.1:9 · Ctrl-C quits")
        #expect(
            frame.contains("  09:00:00  bob checked off “Flight”")
                || frame.contains("  Nov 18 09:00  bob checked off “Flight”"))
    }
}
