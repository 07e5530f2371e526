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
}
