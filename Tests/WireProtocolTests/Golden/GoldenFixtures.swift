import ChecklistCore
import Foundation
import Testing
import WireProtocol

/// Reads and (with `CHECKWIRE_UPDATE_FIXTURES=1`) writes the golden fixtures under
/// `Tests/fixtures/`: the wire messages and rule cases shared with the Python and the
/// JavaScript tests, so all three are checked against what the Swift code produces.
enum GoldenFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures")

    static var updating: Bool { ProcessInfo.processInfo.environment["CHECKWIRE_UPDATE_FIXTURES"] == "1" }

    /// Compares `bytes` (one JSON document) with the fixture at `path`, or writes it when updating.
    static func check(_ bytes: [UInt8], at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = root.appendingPathComponent(path)
        let text = String(decoding: bytes, as: UTF8.self) + "\n"
        if updating {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(
            stored == text,
            "\(path) differs from what the Swift code produces; run with CHECKWIRE_UPDATE_FIXTURES=1 if the change is intended",
            sourceLocation: sourceLocation)
        // Every fixture is strict JSON (no duplicate keys, no trailing commas).
        _ = try JSONParser.parse(Array(stored.utf8))
    }

    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func files(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }
}

/// A small, fixed story through the real domain core: the source of the server fixtures.
struct FixtureStory {
    static let olive = Actor(userID: "user-olive", username: "olive")
    static let bob = Actor(userID: "user-bob", username: "bob")
    static let start = Timestamp(rfc3339: "2027-03-01T09:00:00Z")!

    var state: ChecklistState
    var events: [String: ChecklistEvent] = [:]
    private var seconds: Int64 = 0

    init() throws {
        (state, _) = ChecklistState.create(
            id: "list-1", owner: Self.olive,
            Edit.NewList(title: "Trip to Lisbon", description: "Spring break", due: Due(wire: "2027-03-12")),
            at: Self.start
        )
        try record("addItem", .addItem(Edit.NewItem(id: "item-pack", title: "Pack")))
        try record("addItem-child", .addItem(Edit.NewItem(id: "item-passport", parent: "item-pack", title: "Passport")))
        try record(
            "addItem-full",
            .addItem(
                Edit.NewItem(
                    id: "item-tickets", parent: "item-pack", title: "Print tickets", notes: "Both ways",
                    due: Due(wire: "2027-03-10T17:00:00Z"),
                    location: "Library", remindEvery: 3_600
                )))
        try record("completeItem", .completeItem("item-passport"))
        try record("share", .share(Participant(userID: Self.bob.userID, username: "bob", role: .editor)))
        try record("updateItem", .updateItem("item-tickets", Edit.ItemUpdate(title: "Print the tickets")), by: Self.bob)
        try record("moveItem", .moveItem("item-tickets", parent: .clear, placement: .first), by: Self.bob)
        try record("cancelItem", .cancelItem("item-pack"))
        try record("restoreItem", .restoreItem("item-pack"))
        try record("unshare", .unshare(username: "bob", userID: Self.bob.userID))
        try record(
            "updateItem-reminders",
            .updateItem("item-tickets", Edit.ItemUpdate(remindBefore: .set(86_400), assignee: .set("olive"))))
        try record(
            "addItem-repeating",
            .addItem(
                Edit.NewItem(
                    id: "item-quiz", title: "Quiz", due: Due(wire: "2027-03-01"),
                    repeatRule: try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=MO,TH")
                )))
        try record("completeItem-occurrence", .completeItem("item-quiz"))
    }

    private mutating func record(_ name: String, _ edit: Edit, by actor: Actor = FixtureStory.olive) throws {
        seconds += 60
        let at = Timestamp(milliseconds: Self.start.milliseconds + seconds * 1_000)
        let applied = try state.apply(edit, by: actor, at: at)
        events[name] = ChecklistEvent(
            listID: state.list.id, seq: state.list.seq, opID: "op-\(state.list.seq)", kind: edit.kind,
            by: actor.username, at: at,
            changes: applied.changes, completion: applied.completion, item: edit.subjectItem,
            occurrence: applied.occurrence
        )
    }
}
