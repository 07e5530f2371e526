import ChecklistCore
import ChecklistStore
import Dispatch
import Foundation
import Testing
import StorageRules
import StoreTestSupport

@Suite struct GroupCommitTests {
    private struct Result: Sendable {
        var thread: Int
        var index: Int
        var committed: Bool
        var seq: Int64?
    }

    /// Holds the store thread inside a job until `release()`, so that jobs submitted in the
    /// meantime queue up and must share a batch.
    private final class Gate: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)

        func hold(_ store: StoreExecutor) {
            store.submit { [self] _ in
                entered.signal()
                gate.wait()
                return { _ in }
            }
            entered.wait()
        }

        func release() { gate.signal() }
    }

    /// Jobs from several threads all commit, in fewer batches than jobs, and each thread's
    /// jobs keep the order it submitted them in.
    @Test(arguments: StorageBackendKind.allCases)
    func concurrentJobsCommitTogether(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let actor = olive.actor
            // Counted from here on; nothing is in flight while it is set.
            let batchSizes = Collector<Int>()
            store.batchCommitted = { batchSizes.append($0) }
            let threads = 4
            let perThread = 25
            let results = Collector<Result>()
            let done = DispatchGroup()
            let gate = Gate()
            gate.hold(store)

            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in 0..<perThread {
                    done.enter()
                    let request = EditRequest.edit(
                        "l1", .addItem(Edit.NewItem(id: ItemID("t\(thread)-\(index)"), title: "item")))
                    store.submit { store in
                        let outcome = try? store.apply(request, opID: "op-\(thread)-\(index)", by: actor)
                        return { committed in
                            results.append(
                                Result(
                                    thread: thread, index: index, committed: committed,
                                    seq: outcome?.acknowledgement.seq))
                            done.leave()
                        }
                    }
                }
            }
            gate.release()
            #expect(done.wait(timeout: .now() + 60) == .success)

            let all = results.values
            let jobs = threads * perThread
            #expect(all.count == jobs)
            #expect(all.allSatisfy { $0.committed })
            let seqs = all.compactMap(\.seq).sorted()
            #expect(seqs == (2...Int64(jobs + 1)).map { $0 })
            for thread in 0..<threads {
                let mine = all.filter { $0.thread == thread }.sorted { $0.index < $1.index }.compactMap(\.seq)
                #expect(mine == mine.sorted(), "thread \(thread)")
            }

            let batches = batchSizes.values.count
            #expect(batchSizes.values.reduce(0, +) == jobs + 1)
            #expect(batches >= 1)
            #expect(batches <= jobs + 1)
            // Every job was queued while the gate held the store thread, so they shared batches.
            #expect(batches < jobs)
            #expect(try store.log("l1", for: olive).map(StoreFixture.seq) == (1...Int64(jobs + 1)).map { $0 })
        }
    }

    /// A job whose SQL fails rolls its whole batch back: every job in it is told it did not
    /// commit, and the cached state goes back to what is on disk.
    @Test(arguments: StorageBackendKind.allCases)
    func aFailedBatchRollsBackEveryJobInIt(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let actor = olive.actor
            let results = Collector<Result>()
            let done = DispatchGroup()
            let gate = Gate()
            gate.hold(store)

            done.enter()
            store.submit { store in
                let outcome = try? store.apply(
                    .edit("l1", .addItem(Edit.NewItem(id: "lost", title: "lost"))), opID: "op-lost", by: actor)
                return { committed in
                    results.append(Result(thread: 0, index: 0, committed: committed, seq: outcome?.acknowledgement.seq))
                    done.leave()
                }
            }
            done.enter()
            store.submit { store in
                // A session for a user that does not exist breaks a foreign key: the store fails.
                let failed: Bool
                do {
                    try store.createSession(tokenHash: [1], for: "no-such-user")
                    failed = false
                } catch {
                    failed = true
                }
                return { committed in
                    results.append(Result(thread: 1, index: failed ? 1 : 0, committed: committed, seq: nil))
                    done.leave()
                }
            }
            gate.release()
            #expect(done.wait(timeout: .now() + 30) == .success)

            let all = results.values.sorted { $0.thread < $1.thread }
            #expect(all.count == 2)
            #expect(all.first?.seq == 2)
            #expect(all.allSatisfy { !$0.committed })
            #expect(all.last?.index == 1)

            // Nothing of the batch is left, in the cache or on disk; the seq is reused.
            let snapshot = try store.snapshot("l1", for: olive)
            #expect(snapshot.items.isEmpty)
            #expect(snapshot.summary.list.seq == 1)
            let retried = try store.applied(
                .edit("l1", .addItem(Edit.NewItem(id: "lost", title: "found"))), opID: "op-lost", by: olive)
            #expect(retried.event.seq == 2)
            #expect(try store.log("l1", for: olive).map(StoreFixture.seq) == [1, 2])
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func closeCommitsQueuedJobsAndLaterSyncsFail(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let store = try kind.open(path)
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let actor = olive.actor
            let results = Collector<Result>()
            for index in 0..<20 {
                store.submit { store in
                    let outcome = try? store.apply(
                        .edit("l1", .updateList(Edit.ListUpdate(title: "t\(index)"))), opID: "op-\(index)", by: actor)
                    return { committed in
                        results.append(
                            Result(thread: 0, index: index, committed: committed, seq: outcome?.acknowledgement.seq))
                    }
                }
            }
            store.close()
            #expect(!store.isOpen)
            let all = results.values
            #expect(all.count == 20)
            #expect(all.allSatisfy { $0.committed })
            #expect(all.map(\.seq) == (2...21).map { Int64($0) })
            #expect(throws: StoreError.self) { try store.signUp("late") }

            let logged = try kind.withStore(at: path) { reopened in try reopened.log("l1", for: olive).count }
            #expect(logged == 21)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func jobsSubmittedAfterCloseAreAbandonedNotDropped(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let store = try kind.open(path)
            store.close()
            let answered = Collector<String>()
            store.submit({ _ in { _ in answered.append("ran") } }, abandoned: { _ in answered.append("abandoned") })
            #expect(answered.values == ["abandoned"])
        }
    }

    /// `sync` from other threads while the store closes: every call returns (a value or
    /// "closed"), none waits forever for a job that `close()` dropped.
    @Test(arguments: StorageBackendKind.allCases)
    func syncRacingCloseAlwaysReturns(_ kind: StorageBackendKind) throws {
        for round in 0..<10 {
            try kind.withLocation { path in
                let store = try kind.open(path)
                let finished = DispatchGroup()
                let answers = Collector<Bool>()
                for thread in 0..<3 {
                    finished.enter()
                    Thread.detachNewThread {
                        for index in 0..<30 {
                            answers.append((try? store.signUp("u\(thread)-\(index)")) != nil)
                        }
                        finished.leave()
                    }
                }
                Thread.sleep(forTimeInterval: 0.001 * Double(round))
                store.close()
                #expect(finished.wait(timeout: .now() + 30) == .success, "round \(round)")
                #expect(answers.values.count == 90)
            }
        }
    }
}

extension GroupCommitTests {
    /// Rows are written once per batch, just before the commit: after many edits of one item
    /// in one batch, a reopened store reads the last version of the item and of the list.
    @Test(arguments: StorageBackendKind.allCases)
    func rowsWrittenAtTheEndOfABatchSurviveAReopen(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let (olive, expected) = try kind.withStore(at: path) { store -> (UserAccount, ChecklistSnapshot) in
                let olive = try store.signUp("olive")
                try store.createList("l1", by: olive)
                try store.applied(.edit("l1", .addItem(Edit.NewItem(id: "a", title: "first"))), opID: "add", by: olive)
                let gate = Gate()
                gate.hold(store)
                let done = DispatchGroup()
                for number in 1...50 {
                    done.enter()
                    let update = Edit.ItemUpdate(title: "title \(number)")
                    store.submit { store in
                        _ = try? store.apply(
                            .edit("l1", .updateItem("a", update)), opID: "edit-\(number)", by: olive.actor)
                        return { _ in done.leave() }
                    }
                }
                done.enter()
                store.submit { store in
                    _ = try? store.apply(.edit("l1", .completeItem("a")), opID: "done", by: olive.actor)
                    return { _ in done.leave() }
                }
                gate.release()
                #expect(done.wait(timeout: .now() + 30) == .success)
                return (olive, try store.snapshot("l1", for: olive))
            }
            try kind.withStore(at: path) { store in
                let reopened = try store.snapshot("l1", for: olive)
                #expect(reopened.summary.list.seq == 53)
                #expect(reopened.items.map(\.item.title) == ["title 50"])
                #expect(reopened.items.map(\.item.status) == [.done])
                #expect(reopened.summary.list == expected.summary.list)
                #expect(reopened.summary.completion == Completion(done: 1, total: 1))
            }
        }
    }
}
