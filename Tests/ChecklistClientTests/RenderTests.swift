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

/// The interactive `watch`: keys, selection, and the reminder board.
@Suite struct WatchInteractionTests {
    @Test func keysAreDecodedFromWhatTheTerminalSends() {
        #expect(
            WatchKey.decode(Array("\u{1B}[A\u{1B}[Bjk xsSdq?".utf8)) == [
                .up, .down, .down, .up, .toggle, .toggle, .snooze, .snoozeLong, .dismiss, .quit,
            ])
        #expect(WatchKey.decode(Array("\u{1B}OA".utf8)) == [.up])
    }

    @Test func theSelectionFollowsItsItemAndStopsAtTheEnds() throws {
        let view = try ChecklistViewTests.snapshot()
        let rows = view.rows
        var selection = WatchSelection()
        #expect(selection.index(in: rows) == 0)
        selection.move(-1, in: rows)
        #expect(selection.item == rows[0].item.id)
        selection.move(5, in: rows)
        #expect(selection.item == rows.last?.item.id)
    }

    private static func reminder(_ item: String, at: String) -> Notice {
        let json: JSONValue = [
            "type": "reminder", "list": "l", "listTitle": "Chores", "kind": "every", "at": .string(at), "late": false,
            "item": ["id": .string(item), "title": .string("Task \(item)")],
        ]
        return Notice(json: json)!
    }

    @Test func theBoardKeepsOnlyRemindersStillToActOn() throws {
        var board = ReminderBoard()
        board.receive(Self.reminder("a", at: "2026-11-21T10:00:00Z"))
        board.receive(Self.reminder("a", at: "2026-11-21T10:30:00Z"))
        board.receive(Self.reminder("b", at: "2026-11-21T10:00:00Z"))
        #expect(board.reminders.map(\.at) == ["2026-11-21T10:30:00Z", "2026-11-21T10:00:00Z"], "one per item")
        let dismissed = board.handle(
            .reminderDismissed(.init(list: "l", item: "a", at: Timestamp(rfc3339: "2026-11-21T10:31:00Z")!)))
        #expect(dismissed)
        #expect(board.reminders.map(\.itemID.rawValue) == ["b"])
        let snoozed = board.handle(
            .reminderSnoozed(.init(list: "l", item: "b", until: Timestamp(rfc3339: "2026-11-21T11:00:00Z")!)))
        #expect(snoozed)
        #expect(board.reminders.isEmpty)
        board.receive(Self.reminder("c", at: "2026-11-21T10:00:00Z"))
        var done = try ChecklistViewTests.snapshot().rows[0].item
        done.id = "c"
        done.status = .done
        board.itemsChanged([done])
        #expect(board.reminders.isEmpty, "a done item's reminder goes")
    }

    @Test func thePanelSaysHowManyMoreRemindersThereAre() throws {
        var update = LiveUpdate(
            cause: .state, state: .live, view: try ChecklistViewTests.snapshot(), changes: [], server: "ws://s/ws",
            username: "alice")
        update.notices = (1...8).map { Self.reminder("i\($0)", at: "2026-11-21T10:0\($0):00Z") }
        let dates = DateText(timeZone: TimeZone(identifier: "UTC")!, now: Date(timeIntervalSince1970: 1_795_262_400))
        let frame = WatchScreen(painter: .plain, dates: dates, width: 100, height: 40)
            .frame(update, selection: WatchSelection(), message: "Done: complete “x”")
        #expect(frame.filter { $0.contains("⏰ Task") }.count == WatchScreen.reminderLines)
        #expect(frame.contains { $0.contains("+3 more") })
        #expect(frame.contains { $0.contains("· 10:08:00") }, "each reminder with its time")
        #expect(frame.contains { $0.hasPrefix("›") }, "the selected row is marked")
        #expect(frame.contains(WatchKey.hint) && frame.contains("Done: complete “x”"))
    }
}
