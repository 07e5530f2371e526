import ChecklistCore
import ChecklistStore
import Foundation
import GRDB
import StoreTestSupport
import Testing
import StorageRules
import SQLiteStore

/// The store never strands a job: whatever SQLite does, every submitted job is answered —
/// with its result, or with a failure — and the store recovers by itself.
@Suite(.serialized) struct StoreFaultTests {
    /// A second connection holding `BEGIN EXCLUSIVE`, as `sqlite3 FILE 'BEGIN EXCLUSIVE; …'` would.
    final class ExclusiveHolder {
        let queue: DatabaseQueue
        init(path: String) throws {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            // The point is to leave the transaction open between accesses.
            configuration.allowsUnsafeTransactions = true
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        }
        func release() throws {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
            try queue.close()
        }
    }

    @Test func aLockHeldElsewhereFailsTheBatchInBoundedTimeAndTheStoreRecovers() throws {
        try StoreFixture.withDatabasePath { path in
            let store = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode, busyTimeout: 0.3)
            defer { store.close() }
            let ana = try store.signUp("ana")
            let changes = Collector<StoreHealth>()
            store.healthChanged = { changes.append($0) }

            let holder = try ExclusiveHolder(path: path)
            let started = Date()
            let refused = #expect(throws: StoreError.self) { try store.createList("l", by: ana) }
            #expect(Date().timeIntervalSince(started) < 10, "answered within a bounded time")
            guard case .failure(let message)? = refused else {
                Issue.record("expected a failure, got \(String(describing: refused))"); return
            }
            #expect(message.contains("locked"), "the cause is named: \(message)")
            guard case .failing(let reason) = store.health else { Issue.record("health still \(store.health)"); return }
            #expect(reason.contains(path))

            try holder.release()
            try store.createList("l", by: ana)
            #expect(store.health == .writable)
            #expect(changes.values.count == 2, "one change to failing, one back: \(changes.values)")
        }
    }

    @Test func aFullDiskFailsTheBatchAndFreeingSpaceRecovers() throws {
        try StoreFixture.withDatabasePath { path in
            let store = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
            defer { store.close() }
            let ana = try store.signUp("ana")
            try store.createList("l", by: ana)
            // SQLite's own "database or disk is full": the file may not grow past its size now.
            try store.limitPages(toCurrentSize: true)
            let big = String(repeating: "x", count: 400)
            var failed: StoreError?
            for i in 0..<200 where failed == nil {
                do {
                    try store.applied(
                        .edit("l", .addItem(Edit.NewItem(id: ItemID("i\(i)"), title: "Item \(i)", notes: big))),
                        opID: "a\(i)", by: ana)
                } catch let error as StoreError {
                    failed = error
                }
            }
            guard case .failure? = failed else {
                Issue.record("the disk never filled: \(String(describing: failed))"); return
            }
            guard case .failing(let reason) = store.health else { Issue.record("health still \(store.health)"); return }
            #expect(reason.contains("full"), "the health names the cause: \(reason)")

            try store.limitPages(toCurrentSize: false)
            try store.applied(.edit("l", .addItem(Edit.NewItem(id: "after", title: "After"))), opID: "after", by: ana)
            #expect(store.health == .writable)
        }
    }

    @Test func aSecondStoreOnTheSameFileIsRefusedNamingTheFileAndTheHolder() throws {
        try StoreFixture.withDatabasePath { path in
            let first = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
            let error = #expect(throws: StoreError.self) {
                _ = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
            }
            guard case .failure(let message)? = error else { Issue.record("expected a refusal"); return }
            #expect(message.contains(path))
            #expect(message.contains("pid \(getpid())"))
            first.close()
            let second = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
            second.close()
        }
    }
}
