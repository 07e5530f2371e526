import ChecklistCore
import ChecklistStore
import Foundation
import Testing
import StorageRules
import StoreTestSupport

/// The store keeps at most its bound of checklists in memory; a dropped checklist is
/// reloaded from its rows, so nothing a client sees changes.
@Suite struct CacheBoundTests {
    @Test(arguments: StorageBackendKind.allCases)
    func checklistsBeyondTheBoundAreDroppedAndReloadedIntact(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let store = try kind.open(path, cachedChecklists: 3)
            defer { store.close() }
            let olive = try store.signUp("olive")
            let ids = (1...8).map { ListID("l\($0)") }
            for id in ids {
                try store.createList(id, by: olive)
                try store.applied(
                    .edit(id, .addItem(Edit.NewItem(id: "a", title: "first of \(id)"))), opID: "add-\(id)", by: olive)
            }
            #expect(try store.sync { store throws(StoreError) in store.cachedChecklistCount } <= 3)

            // Every list, most of them dropped by now, still edits and reads as written.
            for id in ids {
                try store.applied(.edit(id, .completeItem("a")), opID: "done-\(id)", by: olive)
                let snapshot = try store.snapshot(id, for: olive)
                #expect(snapshot.summary.list.seq == 3)
                #expect(snapshot.items.map(\.item.title) == ["first of \(id)"])
                #expect(snapshot.summary.completion == Completion(done: 1, total: 1))
            }
            #expect(try store.sync { store throws(StoreError) in store.cachedChecklistCount } <= 3)
        }
    }

    /// One batch may change more checklists than the bound: their rows are all written
    /// before anything is dropped.
    @Test(arguments: StorageBackendKind.allCases)
    func aBatchThatChangesMoreChecklistsThanTheBoundWritesThemAll(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let ids = (1...6).map { ListID("l\($0)") }
            let olive = try {
                let store = try kind.open(path, cachedChecklists: 2)
                defer { store.close() }
                let olive = try store.signUp("olive")
                for id in ids { try store.createList(id, by: olive) }
                let hold = DispatchSemaphore(value: 0)
                let entered = DispatchSemaphore(value: 0)
                store.submit { _ in
                    entered.signal()
                    hold.wait()
                    return { _ in }
                }
                entered.wait()
                let done = DispatchGroup()
                for id in ids {
                    done.enter()
                    let new = Edit.NewItem(id: "a", title: "item of \(id)")
                    store.submit { store in
                        _ = try? store.apply(.edit(id, .addItem(new)), opID: "add-\(id)", by: olive.actor)
                        return { _ in done.leave() }
                    }
                }
                hold.signal()
                #expect(done.wait(timeout: .now() + 30) == .success)
                return olive
            }()
            try kind.withStore(at: path) { store throws in
                for id in ids {
                    #expect(try store.snapshot(id, for: olive).items.map(\.item.title) == ["item of \(id)"])
                }
            }
        }
    }
}

/// The cache is bounded in bytes as well as in checklists: a few large checklists cannot take
/// all the memory, and what is dropped reloads intact.
@Suite struct CacheByteBoundTests {
    @Test(arguments: StorageBackendKind.allCases)
    func largeChecklistsAreDroppedByEstimatedSizeAndReloadIntact(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            // Each checklist below is ~60 items of ~1 KiB of notes: ~80 KiB by estimate.
            let store = try kind.open(path, cachedChecklists: 1_000, cacheBytes: 200_000)
            defer { store.close() }
            let olive = try store.signUp("olive")
            let notes = String(repeating: "n", count: 1_000)
            for list in 1...6 {
                try store.createList(ListID("l\(list)"), by: olive)
                for item in 0..<60 {
                    try store.applied(
                        .edit(
                            ListID("l\(list)"),
                            .addItem(Edit.NewItem(id: ItemID("i\(item)"), title: "item \(item)", notes: notes))),
                        opID: "a-\(list)-\(item)", by: olive)
                }
            }
            let (count, bytes) = try store.sync { store throws(StoreError) in
                (store.cachedChecklistCount, store.cachedBytes)
            }
            #expect(count < 6, "a count bound of 1,000 alone would have kept all six")
            #expect(count >= 1)
            #expect(bytes <= 200_000)
            for list in 1...6 {
                #expect(try store.snapshot(ListID("l\(list)"), for: olive).items.count == 60)
            }
        }
    }
}
