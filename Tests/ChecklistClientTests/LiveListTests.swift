import ChecklistClient
import Foundation
import Synchronization
import Testing
import WireProtocol
import ChecklistCore

/// `LiveList`, the engine of `watch`: it survives a server restart, resumes with `since`,
/// and never applies an event twice or skips one.
@Suite(.serialized) struct LiveListTests {
    /// Collects updates from the live list's queue.
    final class Recorder: Sendable {
        private let updates = Mutex<[LiveUpdate]>([])

        func add(_ update: LiveUpdate) { updates.withLock { $0.append(update) } }
        var all: [LiveUpdate] { updates.withLock { $0 } }
        var latest: LiveUpdate? { all.last }
    }

    static func configuration(_ cli: CLI) throws -> ClientConfiguration {
        try ClientConfiguration.resolve(server: nil, environment: cli.environment)
    }

    @Test func resumesAfterARestartWithoutGapsOrDuplicates() async throws {
        let server = try LiveServer()
        defer { server.shutdown() }
        let alice = try CLI(server: server.url)
        defer { alice.remove() }
        try await alice.signUp("alice")
        try await alice.ok(["new", "Trip"])
        try await alice.ok(["add", "Trip", "Tickets"])

        let recorder = Recorder()
        var configuration = try Self.configuration(alice)
        configuration.requestTimeout = .seconds(5)
        let live = LiveList(
            configuration: configuration, list: "Trip",
            backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(800))
        ) {
            recorder.add($0)
        }
        let task = Task { await live.run() }
        defer { task.cancel() }
        #expect(await eventually { recorder.latest?.state == .live })
        #expect(recorder.latest?.view?.seq == 2)

        try await alice.ok(["add", "Trip", "Passport"])
        try await alice.ok(["done", "Trip", "Tickets"])
        #expect(await eventually { recorder.latest?.view?.seq == 4 })

        server.stop()
        #expect(
            await eventually {
                if case .waiting = recorder.latest?.state { return true }
                return false
            })
        try server.start()
        // Edits the watcher has not seen yet; it must catch up on them by replay.
        try await alice.ok(["add", "Trip", "Sunscreen"])
        try await alice.ok(["cancel", "Trip", "Passport"])
        #expect(await eventually { recorder.latest?.state == .live && recorder.latest?.view?.seq == 6 })
        try await alice.ok(["add", "Trip", "Hat"])
        #expect(await eventually { recorder.latest?.view?.seq == 7 })

        let updates = recorder.all
        let snapshots = updates.filter { if case .snapshot = $0.cause { return true } else { return false } }
        #expect(snapshots.count == 1, "the reconnect resumed with since: a replay, not a snapshot")
        let applied: [Int64] = updates.compactMap {
            if case .event(let event, _) = $0.cause { return event.seq } else { return nil }
        }
        #expect(applied == [3, 4, 5, 6, 7], "every event once, in order")
        let view = try #require(recorder.latest?.view)
        #expect(Set(view.items.values.map(\.title)) == ["Tickets", "Passport", "Sunscreen", "Hat"])
        #expect(view.items.values.first { $0.title == "Passport" }?.status == .cancelled)
        let texts = recorder.latest?.changes.map { "\($0.by ?? "") \($0.text)" } ?? []
        #expect(
            texts == [
                "alice added “Passport”", "alice checked off “Tickets”", "alice added “Sunscreen”",
                "alice cancelled “Passport”", "alice added “Hat”",
            ])
        task.cancel()
        #expect(await task.value == nil)
    }

    @Test func endsWhenRevoked() async throws {
        let server = try LiveServer()
        defer { server.shutdown() }
        let alice = try CLI(server: server.url)
        let bob = try CLI(server: server.url)
        defer { alice.remove(); bob.remove() }
        try await alice.signUp("alice")
        try await bob.signUp("bob")
        try await alice.ok(["new", "Shared"])
        try await alice.ok(["share", "Shared", "bob"])
        let recorder = Recorder()
        let live = LiveList(configuration: try Self.configuration(bob), list: "Shared") { recorder.add($0) }
        let task = Task { await live.run() }
        #expect(await eventually { recorder.latest?.state == .live })
        try await alice.ok(["unshare", "Shared", "bob"])
        let reason = await task.value
        #expect(reason == "you are no longer a participant of this checklist")
    }
}
