import ChecklistCore
import Dispatch
import Foundation
import Synchronization
import StoreTestSupport
import Testing

import ChecklistStore
@testable import SQLiteStore
@testable import StorageRules

/// The store releases a batch's results only after its WAL flush returned, runs the next
/// batch meanwhile, and refuses everything once a flush failed (`WALSyncer`). A real SQLite
/// file throughout; only the `fdatasync` call is replaced, to hold it or make it fail.
@Suite struct WALFlushTests {
    /// A flush the test controls: each call waits for `release()` (when holding) and
    /// answers `succeeds`.
    private final class ControlledFlush: Sendable {
        private let state = Mutex((holding: false, succeeds: true, calls: 0))
        let entered = DispatchSemaphore(value: 0)
        private let gate = DispatchSemaphore(value: 0)

        var calls: Int { state.withLock { $0.calls } }

        func hold() { state.withLock { $0.holding = true } }
        func fail() { state.withLock { $0.succeeds = false } }
        func release() {
            state.withLock { $0.holding = false }
            gate.signal()
        }

        func flush(_ path: String) -> Bool {
            let (holding, succeeds) = state.withLock { state in
                state.calls += 1
                return (state.holding, state.succeeds)
            }
            if holding {
                entered.signal()
                gate.wait()
            }
            return succeeds && WALSyncer.flushToDisk(databasePath: path)
        }
    }

    private static func withStore<T>(flush: ControlledFlush, _ body: (StoreExecutor) throws -> T) throws -> T {
        try StoreFixture.withDatabasePath { path in
            let store = try StoreExecutor(
                port: SQLiteStorage(path: path, attachmentsDirectory: nil, busyTimeout: 5, flush: { flush.flush($0) }),
                encodeEvent: StoreFixture.encode, cachedChecklists: 16, cacheBytes: 1 << 20, limits: .defaults)
            defer { store.close() }
            return try body(store)
        }
    }

    private static func addItem(_ id: String) -> EditRequest {
        .edit("l1", .addItem(Edit.NewItem(id: ItemID(id), title: id)))
    }

    /// While the flush of an edit's batch is held, the store thread runs the next batch (its
    /// job runs), but neither result is released; both are, in order, once the flush returns.
    @Test func resultsWaitForTheFlushWhileTheNextBatchRuns() throws {
        let flush = ControlledFlush()
        try Self.withStore(flush: flush) { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let released = Collector<String>()
            let bothReleased = DispatchGroup()
            flush.hold()
            bothReleased.enter()
            store.submit { storage in
                _ = try? storage.apply(Self.addItem("first"), opID: "op-1", by: olive.actor)
                return { committed in
                    released.append("first \(committed)")
                    bothReleased.leave()
                }
            }
            #expect(flush.entered.wait(timeout: .now() + 10) == .success, "the first batch's flush began")
            let secondRan = DispatchSemaphore(value: 0)
            bothReleased.enter()
            store.submit { storage in
                let lists: [ListSummary] = (try? storage.lists(for: olive.id)) ?? []
                let items = lists.map(\.completion.total).reduce(0, +)
                secondRan.signal()
                return { committed in
                    released.append("second \(committed) items \(items)")
                    bothReleased.leave()
                }
            }
            #expect(secondRan.wait(timeout: .now() + 10) == .success, "the store thread ran the next batch")
            Thread.sleep(forTimeInterval: 0.2)
            #expect(released.values.isEmpty, "nothing is released before the flush returns")
            flush.release()
            #expect(bothReleased.wait(timeout: .now() + 10) == .success)
            #expect(released.values == ["first true", "second true items 1"])
        }
    }

    /// A flush that fails: the edit is answered as not committed, the health says why, and
    /// every later job is refused with that reason instead of running.
    @Test func aFailedFlushRefusesEverythingAfterIt() throws {
        let flush = ControlledFlush()
        try Self.withStore(flush: flush) { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            #expect(store.health == .writable)
            flush.fail()
            #expect(throws: StoreError.self) {
                try store.apply(Self.addItem("lost"), opID: "op-lost", by: olive)
            }
            guard case .failing(let reason) = store.health else {
                Issue.record("health is \(store.health), not failing")
                return
            }
            #expect(reason.contains("fdatasync"))
            let ran = Mutex(false)
            do {
                _ = try store.sync { _ in ran.withLock { $0 = true } }
                Issue.record("a job ran after the flush failed")
            } catch {
                #expect("\(error)".contains("until the server restarts"))
            }
            #expect(ran.withLock { $0 } == false)
        }
    }

    /// The flush at start (of what the migrations wrote) failing is as final as any other.
    @Test func aFailedFlushAtStartRefusesEverything() throws {
        let flush = ControlledFlush()
        flush.fail()
        try Self.withStore(flush: flush) { store in
            guard case .failing(let reason) = store.health else {
                Issue.record("health is \(store.health), not failing")
                return
            }
            #expect(reason.contains("fdatasync"))
            #expect(throws: StoreError.self) { try store.signUp("olive") }
        }
    }

    /// The real flush: the WAL when there is one, else the database file (not in WAL mode, or
    /// the log was checkpointed away), and a failure when neither can be opened.
    @Test func theFlushFallsBackToTheDatabaseFileAndFailsWithoutOne() throws {
        try StoreFixture.withDatabasePath { path in
            #expect(!WALSyncer.flushToDisk(databasePath: path), "nothing to open is a failure")
            #expect(FileManager.default.createFile(atPath: path, contents: Data("db".utf8)))
            #expect(WALSyncer.flushToDisk(databasePath: path), "no WAL: the database file")
            #expect(FileManager.default.createFile(atPath: path + "-wal", contents: Data("wal".utf8)))
            #expect(WALSyncer.flushToDisk(databasePath: path))
            try FileManager.default.removeItem(atPath: path)
            #expect(WALSyncer.flushToDisk(databasePath: path), "the WAL alone is enough")
        }
    }

    /// Batches that wrote nothing need no flush; one flush covers the batches that queued
    /// while the previous one ran.
    @Test func readsNeedNoFlush() throws {
        let flush = ControlledFlush()
        try Self.withStore(flush: flush) { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let before = flush.calls
            for _ in 0..<5 {
                _ = try store.sync { storage throws(StoreError) in try storage.lists(for: olive.id).count }
            }
            #expect(flush.calls == before)
            try store.applied(Self.addItem("one"), opID: "op-one", by: olive)
            #expect(flush.calls == before + 1)
        }
    }
}
