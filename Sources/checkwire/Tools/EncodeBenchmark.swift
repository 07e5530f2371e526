import ArgumentParser
import ChecklistCore
import Foundation
import WireProtocol

/// `checkwire encode-benchmark`: why the hand-written `JSONWriter` stays. It encodes one
/// `addItem` event of the golden story (a child item with every field set, and its parent)
/// with the server's encoder, then the same content with Foundation's `JSONEncoder` over
/// `Codable` mirror types (synthesized: `nil` fields left out, so its output is smaller), each
/// for `--seconds`, and prints microseconds per event.
struct EncodeBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode-benchmark",
        abstract: "Time the server's event encoder against JSONEncoder on the same event (docs/benchmarks.md).",
        shouldDisplay: false
    )

    @Option(help: "Seconds per encoder.")
    var seconds = 2.0

    func run() throws {
        let event = try Self.storyEvent()
        let bytes = ServerMessage.event(event)
        let mirror = try JSONDecoder().decode(EventMirror.self, from: Data(bytes))
        let encoder = JSONEncoder()
        let mirrorBytes = try encoder.encode(mirror).count
        let writer = Self.time(seconds) { _ = ServerMessage.event(event) }
        let foundation = try Self.time(seconds) { _ = try encoder.encode(mirror) }
        print(
            """
            event: \(bytes.count) bytes (JSONEncoder's, without the nulls: \(mirrorBytes))
            JSONWriter:  \(String(format: "%.2f", writer)) µs per event
            JSONEncoder: \(String(format: "%.2f", foundation)) µs per event (\(String(format: "%.1f", foundation / writer))×)
            """)
    }

    /// Microseconds per call over `seconds` of calls.
    static func time(_ seconds: Double, _ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        var calls = 0
        while DispatchTime.now().uptimeNanoseconds < end {
            for _ in 0..<100 { try body() }
            calls += 100
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000 / Double(calls)
    }

    /// The golden story's fourth event: "Print tickets", with notes, a due time, a place and a
    /// reminder, added under "Pack".
    static func storyEvent() throws -> ChecklistEvent {
        let owner = Actor(userID: "user-olive", username: "olive")
        let at = { (minute: Int) in Timestamp(rfc3339: "2027-03-01T09:0\(minute):00Z")! }
        var (state, _) = ChecklistState.create(
            id: "list-1", owner: owner,
            ChecklistCore.Edit.NewList(
                title: "Trip to Lisbon", description: "Spring break", due: .date(CivilDate(iso: "2027-03-12")!)),
            at: at(0)
        )
        _ = try state.apply(
            ChecklistCore.Edit.addItem(ChecklistCore.Edit.NewItem(id: "item-pack", title: "Pack")), by: owner, at: at(1)
        )
        let applied = try state.apply(
            ChecklistCore.Edit.addItem(
                ChecklistCore.Edit.NewItem(
                    id: "item-tickets", parent: "item-pack", title: "Print tickets", notes: "Both ways",
                    due: Due(wire: "2027-03-10T17:00:00Z"), location: "Library", remindEvery: 3600
                )), by: owner, at: at(3))
        return ChecklistEvent(
            listID: "list-1", seq: state.list.seq, opID: "op-4", kind: "addItem", by: "olive", at: at(3),
            changes: applied.changes, completion: applied.completion, item: "item-tickets"
        )
    }
}

/// The event's shape as `Codable` types, for the comparison only.
private struct EventMirror: Codable {
    struct Completion: Codable { var done: Int; var total: Int; var percent: Int }
    struct Summary: Codable {
        var id: String; var title: String; var description: String?; var status: String; var due: String?
        var tz: String; var inbox: Bool; var kind: String; var sequential: Bool; var seq: Int
        var completion: Completion; var participants: Int; var updatedAt: String; var completedAt: String?;
        var cancelledAt: String?
    }
    struct Item: Codable {
        var id: String; var parent: String?; var position: Double; var title: String; var notes: String?
        var due: String?; var location: String?; var remindEvery: Int?; var remindBefore: Int?; var assignee: String?
        var `repeat`: String?; var sequential: Bool; var availableFrom: String?; var available: Bool; var status: String
        var createdBy: String; var createdAt: String; var doneBy: String?; var doneAt: String?
        var cancelledBy: String?; var cancelledAt: String?; var completion: Completion?
    }
    struct Changes: Codable { var list: Summary?; var items: [Item] }
    var type: String; var list: String; var seq: Int; var opId: String; var op: String; var by: String
    var at: String; var item: String?; var changes: Changes; var completion: Completion
}
