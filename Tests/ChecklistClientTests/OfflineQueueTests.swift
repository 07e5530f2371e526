import Foundation
import Testing
import WireProtocol

/// Edits made while the server is down are queued and sent exactly once later.
@Suite(.serialized) struct OfflineQueueTests {
    @Test func editMadeWhileDownArrivesExactlyOnce() async throws {
        let server = try LiveServer()
        defer { server.shutdown() }
        let alice = try CLI(server: server.url)
        defer { alice.remove() }
        try await alice.signUp("alice")
        try await alice.ok(["new", "Groceries"])
        try await alice.ok(["add", "Groceries", "Bread"])
        try await alice.ok(["show", "Groceries"])  // caches the list for offline name lookups

        server.stop()
        let queued = try await alice.ok(["add", "Groceries", "Milk", "--json"]).json()
        #expect(queued["queued"]?.boolValue == true && queued["pending"]?.intValue == 1)
        let doneOffline = try await alice.ok(["done", "Groceries", "Bread"])
        #expect(doneOffline.stdout.hasPrefix("Queued offline: complete “Bread” in “Groceries”"))
        let status = try await alice.ok(["status", "--json"]).json()
        #expect(status["pending"]?.arrayValue?.map { $0["op"]?.stringValue } == ["addItem", "completeItem"])
        let failedSync = try await alice.run(["sync"])
        #expect(failedSync.status == 3 && failedSync.stderr.contains("2 edits still pending"))
        let queueFile = alice.home.appendingPathComponent(".local/state/checkwire/queue.jsonl")
        let savedQueue = try Data(contentsOf: queueFile)

        try server.start()
        let sync = try await alice.ok(["sync", "--json"]).json()
        #expect(sync["sent"]?.arrayValue?.count == 2 && sync["pending"]?.intValue == 0)
        #expect(try await alice.ok(["status", "--json"]).json()["pending"]?.arrayValue?.isEmpty == true)
        let items = try await CommandTests.items(alice, "Groceries")
        #expect(items == ["Bread": "done", "Milk": "open"])

        // Replaying the same queue (as after a crash before it was rewritten) changes nothing.
        try savedQueue.write(to: queueFile)
        let replay = try await alice.ok(["sync", "--json"]).json()
        #expect(replay["sent"]?.arrayValue?.count == 2)
        let shown = try await alice.ok(["show", "Groceries", "--json"]).json()
        #expect(shown["list"]?["items"]?.arrayValue?.count == 2)
        #expect(shown["list"]?["seq"]?.intValue == 4, "createList, addItem, addItem, completeItem: no event twice")
    }

    @Test func anyCommandThatConnectsSendsTheQueue() async throws {
        let server = try LiveServer()
        defer { server.shutdown() }
        let alice = try CLI(server: server.url)
        defer { alice.remove() }
        try await alice.signUp("alice")
        try await alice.ok(["new", "Chores"])
        try await alice.ok(["show", "Chores"])  // caches it
        server.stop()
        try await alice.ok(["add", "Chores", "Dishes"])
        let offlineShow = try await alice.ok(["show", "Chores"])
        #expect(offlineShow.stderr.contains("Offline"))
        try server.start()
        let lists = try await alice.ok(["lists"])
        #expect(lists.stderr.contains("Sent 1 queued edit made offline."))
        #expect(try await CommandTests.items(alice, "Chores") == ["Dishes": "open"])
    }

    /// A queue file written before the client built typed requests (its exact bytes: the
    /// old field order, `ref`-less `op` messages built from tuples) is still sent after the
    /// upgrade, as the same edits.
    @Test func queueWrittenByTheOlderClientIsStillSent() async throws {
        let server = try LiveServer()
        defer { server.shutdown() }
        let alice = try CLI(server: server.url)
        defer { alice.remove() }
        try await alice.signUp("alice")
        let created = try await alice.ok(["new", "Groceries", "--json"]).json()
        let list = try #require(created["id"]?.stringValue)
        let item = "0b6c2a4e-3f1d-4c8e-9a55-2d7e1c9b8f10"
        let url = server.url
        let lines = [
            #"{"opId":"old-1","server":"\#(url)","username":"alice","queuedAt":"2026-11-20T09:00:00Z","summary":"add “Milk” to “Groceries”","message":{"type":"op","opId":"old-1","op":"addItem","list":"\#(list)","id":"\#(item)","title":"Milk","due":"2027-03-12","remindEvery":3600}}"#,
            #"{"opId":"old-2","server":"\#(url)","username":"alice","queuedAt":"2026-11-20T09:00:01Z","summary":"edit “Milk” in “Groceries”","message":{"type":"op","opId":"old-2","op":"updateItem","list":"\#(list)","item":"\#(item)","notes":"2 litres","remindEvery":null}}"#,
            #"{"opId":"old-3","server":"\#(url)","username":"alice","queuedAt":"2026-11-20T09:00:02Z","summary":"complete “Milk” in “Groceries”","message":{"type":"op","opId":"old-3","op":"completeItem","list":"\#(list)","item":"\#(item)"}}"#,
        ]
        let queueFile = alice.home.appendingPathComponent(".local/state/checkwire/queue.jsonl")
        try FileManager.default.createDirectory(
            at: queueFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: queueFile)

        let status = try await alice.ok(["status", "--json"]).json()
        #expect(
            status["pending"]?.arrayValue?.map { $0["op"]?.stringValue } == ["addItem", "updateItem", "completeItem"])
        let sync = try await alice.ok(["sync", "--json"]).json()
        #expect(sync["sent"]?.arrayValue?.count == 3 && sync["pending"]?.intValue == 0, "\(sync)")
        let shown = try await alice.ok(["show", "Groceries", "--json"]).json()
        let milk = try #require(shown["list"]?["items"]?.arrayValue?.first)
        #expect(
            milk["id"]?.stringValue == item && milk["title"]?.stringValue == "Milk"
                && milk["status"]?.stringValue == "done")
        #expect(milk["due"]?.stringValue == "2027-03-12" && milk["notes"]?.stringValue == "2 litres")
        #expect(milk["remindEvery"] == nil || milk["remindEvery"]?.isNull == true)
    }
}
