import ChecklistClient
import ChecklistCore
import Testing
import WireProtocol

@Suite struct ChecklistViewTests {
    static func item(_ id: String, parent: String? = nil, position: Double, title: String, status: String = "open")
        -> JSONValue
    {
        .object(
            JSONObject([
                ("id", .string(id)), ("parent", parent.map(JSONValue.string) ?? .null),
                ("position", .number(JSONNumber(position))),
                ("title", .string(title)), ("status", .string(status)),
            ]))
    }

    static func summary(seq: Int64, done: Int = 0, total: Int = 0) -> JSONValue {
        .object(
            JSONObject([
                ("id", "L"), ("title", "Trip"), ("status", "active"), ("seq", .number(JSONNumber(seq))),
                (
                    "completion",
                    [
                        "done": .number(JSONNumber(Int64(done))), "total": .number(JSONNumber(Int64(total))),
                        "percent": 0,
                    ]
                ),
                ("participants", 2),
            ]))
    }

    static func snapshot() throws -> ChecklistView {
        let list: JSONValue = .object(
            JSONObject([
                ("id", "L"), ("title", "Trip"), ("status", "active"), ("role", "editor"), ("seq", 3),
                ("completion", ["done": 0, "total": 2, "percent": 0]),
                ("participants", [["username": "alice", "role": "owner"], ["username": "bob", "role": "editor"]]),
                (
                    "items",
                    [
                        item("b", position: 2, title: "Tickets"), item("a", position: 1, title: "Passport"),
                        item("c", parent: "b", position: 1, title: "Flight"),
                    ]
                ),
            ]))
        return try ChecklistView(snapshot: ["type": "snapshot", "seq": 3, "list": list], viewer: "bob")
    }

    static func event(
        seq: Int64, op: String = "completeItem", items: [JSONValue] = [], participants: [JSONValue]? = nil
    ) throws -> RemoteEvent {
        var changes: [(String, JSONValue)] = [("list", summary(seq: seq)), ("items", .array(items))]
        if let participants { changes.append(("participants", .array(participants))) }
        return try RemoteEvent(
            json: .object(
                JSONObject([
                    ("type", "event"), ("list", "L"), ("seq", .number(JSONNumber(seq))), ("opId", "o"),
                    ("op", .string(op)),
                    ("by", "alice"), ("at", "2026-11-21T14:00:00Z"), ("changes", .object(JSONObject(changes))),
                ])))
    }

    @Test func treeIsParentsFirstSiblingsByPosition() throws {
        let view = try Self.snapshot()
        #expect(view.rows.map(\.item.title) == ["Passport", "Tickets", "Flight"])
        #expect(view.rows.map(\.depth) == [0, 0, 1])
        #expect(view.summary.role == .editor)
        #expect(view.summary.participantCount == 2)
    }

    @Test func appliesTheNextEventByReplacingObjects() throws {
        var view = try Self.snapshot()
        let outcome = view.apply(
            try Self.event(seq: 4, items: [Self.item("c", parent: "b", position: 1, title: "Flight", status: "done")]))
        #expect(outcome == .applied)
        #expect(view.seq == 4)
        #expect(view.items["c"]?.status == .done)
        #expect(view.summary.role == .editor, "events carry no role; the copy keeps its own")
    }

    @Test func dropsWhatItAlreadyHasAndReportsGaps() throws {
        var view = try Self.snapshot()
        #expect(view.apply(try Self.event(seq: 3)) == .stale)
        #expect(view.apply(try Self.event(seq: 2)) == .stale)
        #expect(view.apply(try Self.event(seq: 5)) == .gap)
        #expect(view.seq == 3)
    }

    @Test func participantChangesIncludingOwnRole() throws {
        var view = try Self.snapshot()
        _ = view.apply(try Self.event(seq: 4, op: "share", participants: [["username": "carol", "role": "viewer"]]))
        _ = view.apply(try Self.event(seq: 5, op: "share", participants: [["username": "Bob", "role": "viewer"]]))
        #expect(view.summary.role == .viewer)
        _ = view.apply(try Self.event(seq: 6, op: "unshare", participants: [["username": "carol", "role": nil]]))
        #expect(view.participants.map(\.username) == ["alice", "bob"])
    }

    @Test func describesWhoDidWhat() throws {
        let view = try Self.snapshot()
        let done = try Self.event(
            seq: 4, items: [Self.item("c", parent: "b", position: 1, title: "Flight", status: "done")])
        #expect(ChangeDescriber.describe(done, before: view) == "checked off “Flight”")
        let added = try Self.event(
            seq: 4, op: "addItem",
            items: [
                Self.item("d", parent: "b", position: 2, title: "Train"), Self.item("b", position: 2, title: "Tickets"),
            ])
        #expect(ChangeDescriber.describe(added, before: view) == "added “Train” under “Tickets”")
        let cancelled = try Self.event(
            seq: 4, op: "cancelItem",
            items: [
                Self.item("b", position: 2, title: "Tickets", status: "cancelled"),
                Self.item("c", parent: "b", position: 1, title: "Flight", status: "cancelled"),
            ])
        #expect(ChangeDescriber.describe(cancelled, before: view) == "cancelled “Tickets” and 1 sub-item")
        let shared = try Self.event(seq: 4, op: "share", participants: [["username": "carol", "role": "viewer"]])
        #expect(ChangeDescriber.describe(shared, before: view) == "shared the list with carol (viewer)")
    }
}
