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
    /// Each store's answer (the `seq` of its last edit), by tag, and how often the batches ran.
    typealias Crossed = (answers: [String: Result<Int64, StoreError>], runs: Int)

    /// One batch on each store: `a` on `first` edits "l" (`edit`), waits until `b` on `second`
    /// edited "m", then adds an item to "m"; `b` the other way round. Both hold their first
    /// checklist before either asks for its second, so the database rolls one batch back.
    static func cross(
        _ first: StoreExecutor, _ second: StoreExecutor, by olive: UserAccount,
        edit: @escaping @Sendable (StoreRules, ListID, String) throws(StoreError) -> Void
    ) -> Crossed {
        let runs = Mutex(0)
        let firstRun = Mutex<Set<String>>([])
        let holding = ["a": DispatchSemaphore(value: 0), "b": DispatchSemaphore(value: 0)]
        let answers = Mutex<[String: Result<Int64, StoreError>]>([:])
        let crossing = { @Sendable (store: StoreExecutor, from: ListID, to: ListID, tag: String) in
            let result = Result { () throws(StoreError) -> Int64 in
                try store.sync { s throws(StoreError) -> Int64 in
                    runs.withLock { $0 += 1 }
                    try edit(s, from, tag)
                    if firstRun.withLock({ $0.insert(tag).inserted }) {
                        holding[tag]?.signal()
                        _ = holding[tag == "a" ? "b" : "a"]?.wait(timeout: .now() + 5)
                    }
                    let added = try s.apply(
                        .edit(to, .addItem(.init(id: ItemID("\(tag)-1"), title: tag))), opID: "\(tag)-1",
                        by: olive.actor)
                    guard case .applied(let applied) = added else { return 0 }
                    return applied.event.seq
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
        return (answers.withLock { $0 }, runs.withLock { $0 })
    }

    /// Both batches were answered as committed, one of them after running twice.
    static func expectBothCommittedOnceRerun(_ crossed: Crossed) {
        #expect(crossed.answers.count == 2)
        for (tag, result) in crossed.answers {
            if case .failure(let error) = result { Issue.record("\(tag) was answered \(error)") }
        }
        #expect(crossed.runs == 3, "one batch ran again, once")
    }

    @Test(arguments: SharedStoreTests.shared)
    func aBatchADeadlockRolledBackIsRunAgainWhole(_ kind: StorageBackendKind) throws {
        try SharedStoreTests.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            try first.createList("l", by: olive)
            try first.createList("m", by: olive)
            _ = try second.snapshot("m", for: olive)
            let crossed = Self.cross(first, second, by: olive) { s, list, tag throws(StoreError) in
                _ = try s.apply(
                    .edit(list, .addItem(.init(id: ItemID("\(tag)-0"), title: tag))), opID: "\(tag)-0",
                    by: olive.actor)
            }
            Self.expectBothCommittedOnceRerun(crossed)
            let expected: [ListID: [ItemID]] = ["l": ["a-0", "b-1"], "m": ["a-1", "b-0"]]
            for (list, ids) in expected {
                let items = try first.snapshot(list, for: olive).items.map(\.item.id).sorted()
                #expect(items == ids)
                #expect(try first.log(list, for: olive).compactMap(StoreFixture.seq) == [1, 2, 3])
            }
        }
    }

    /// The batch run again holds an `attach`: its upload, which the first run handed to the
    /// back end, is there again for the rerun, and nothing of it is left in the upload folder.
    @Test(arguments: SharedStoreTests.shared)
    func anAttachInABatchADeadlockRolledBackIsRunAgainWithItsUpload(_ kind: StorageBackendKind) throws {
        try SharedStoreTests.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            for list in ["l", "m"] as [ListID] {
                try first.createList(list, by: olive)
                try first.applied(
                    .edit(list, .addItem(.init(id: "page", title: "Scan"))), opID: "add-\(list)", by: olive)
            }
            _ = try second.snapshot("m", for: olive)
            let contents = ["a": Array("the first page".utf8), "b": Array("the second page".utf8)]
            let hashes = ["a": AttachmentStoreTests.hash("a"), "b": AttachmentStoreTests.hash("b")]
            var uploads: [String: AttachmentUpload] = [:]
            for (tag, store) in [("a", first), ("b", second)] {
                let temporary = store.uploadDirectory + "/" + UUID().uuidString + ".part"
                #expect(FileManager.default.createFile(atPath: temporary, contents: Data(contents[tag]!)))
                uploads[tag] = AttachmentUpload(
                    listID: tag == "a" ? "l" : "m", itemID: "page",
                    attachment: Attachment(
                        id: AttachmentID("att-\(tag)"), name: "\(tag).txt", type: "text/plain",
                        size: Int64(contents[tag]!.count), sha256: hashes[tag]!, by: "", at: Timestamp(Date())),
                    temporaryPath: temporary)
            }
            let prepared = uploads
            let crossed = Self.cross(first, second, by: olive) { s, _, tag throws(StoreError) in
                _ = try s.attach(prepared[tag]!, maxTotalBytes: 0, opID: "attach-\(tag)", by: olive.actor)
            }
            Self.expectBothCommittedOnceRerun(crossed)
            for (tag, list) in [("a", "l"), ("b", "m")] as [(String, ListID)] {
                for store in [first, second] {
                    let found = try store.sync { s throws(StoreError) in
                        try s.attachment(AttachmentID("att-\(tag)"), readableBy: olive.id)
                    }
                    let file = try #require(found?.file)
                    #expect(FileManager.default.contents(atPath: file) == Data(contents[tag]!))
                }
                #expect(try first.log(list, for: olive).compactMap(StoreFixture.seq) == [1, 2, 3, 4])
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: first.uploadDirectory).isEmpty)
        }
    }
}
