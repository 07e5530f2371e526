import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Synchronization
import Testing

/// Two stores on one database whose batches lock the same checklists in opposite orders: the
/// database breaks the deadlock by rolling one back, and that batch is run again whole, so
/// both commit and nothing is answered twice. Only back ends other servers may share run it.
@Suite struct SharedStoreConflictTests {
    @Test(arguments: SharedStoreTests.shared)
    func aBatchADeadlockRolledBackIsRunAgainWhole(_ kind: StorageBackendKind) throws {
        try SharedStoreTests.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            try first.createList("l", by: olive)
            try first.createList("m", by: olive)
            _ = try second.snapshot("m", for: olive)
            let runs = Mutex(0)
            let firstRun = Mutex<Set<String>>([])
            let holding = ["a": DispatchSemaphore(value: 0), "b": DispatchSemaphore(value: 0)]
            let answers = Mutex<[String: Result<Int64, StoreError>]>([:])
            /// Edits `from`, waits until the other store edited the other checklist, then `to`.
            let crossing = { @Sendable (store: StoreExecutor, from: ListID, to: ListID, tag: String) in
                let result = Result { () throws(StoreError) -> Int64 in
                    try store.sync { s throws(StoreError) -> Int64 in
                        runs.withLock { $0 += 1 }
                        for (n, list) in [from, to].enumerated() {
                            if n == 1, firstRun.withLock({ $0.insert(tag).inserted }) {
                                // Both hold their first checklist before either asks for its second.
                                holding[tag]?.signal()
                                _ = holding[tag == "a" ? "b" : "a"]?.wait(timeout: .now() + 5)
                            }
                            let added = try s.apply(
                                .edit(list, .addItem(.init(id: ItemID("\(tag)-\(n)"), title: tag))),
                                opID: "\(tag)-\(n)", by: olive.actor)
                            if n == 1, case .applied(let applied) = added { return applied.event.seq }
                        }
                        return 0
                    }
                }
                answers.withLock { $0[tag] = result }
            }
            let both = DispatchGroup()
            for (store, from, to, tag) in [(first, "l", "m", "a"), (second, "m", "l", "b")]
                as [(StoreExecutor, ListID, ListID, String)]
            {
                DispatchQueue.global().async(group: both) { crossing(store, from, to, tag) }
            }
            both.wait()
            let results = answers.withLock { $0 }
            #expect(results.count == 2)
            for (tag, result) in results {
                if case .failure(let error) = result { Issue.record("\(tag) was answered \(error)") }
            }
            #expect(runs.withLock { $0 } == 3, "one batch ran again, once")
            let expected: [ListID: [ItemID]] = ["l": ["a-0", "b-1"], "m": ["a-1", "b-0"]]
            for (list, ids) in expected {
                let items = try first.snapshot(list, for: olive).items.map(\.item.id).sorted()
                #expect(items == ids)
                #expect(try first.log(list, for: olive).compactMap(StoreFixture.seq) == [1, 2, 3])
            }
        }
    }
}
