import ChecklistCore
import ChecklistStore
import Foundation
import Testing
import StorageRules
import StoreTestSupport

/// Per-user limits: refused with `tooLarge`, naming the limit, changing nothing — and kept
/// across a restart (the counts come from the database, not from memory).
@Suite struct LimitTests {
    static func refusal(_ body: () throws -> Void) -> DomainError? {
        do {
            try body()
        } catch let StoreError.rejected(domain) {
            return domain
        } catch {
            Issue.record("expected a refusal, got \(error)")
        }
        return nil
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aUserMayOwnOnlySoManyListsAlsoAfterARestart(_ kind: StorageBackendKind) throws {
        let limits = StoreLimits(listsPerUser: 2, itemsPerList: 100, storedBytesPerUser: 1 << 20)
        try kind.withLocation { path in
            let ana = try kind.withStore(at: path, limits: limits) { store in
                let ana = try store.signUp("ana")
                try store.createList("a", by: ana)
                return ana
            }
            try kind.withStore(at: path, limits: limits) { store in
                try store.createList("b", by: ana)
                let refused = Self.refusal { try store.createList("c", by: ana) }
                #expect(refused?.kind == "tooLarge")
                #expect(refused?.message.contains("2 checklists") == true)
                #expect(try store.lists(for: ana).count == 2)
                #expect(
                    try store.sync { s throws(StoreError) in try s.previousAcknowledgement(of: "create-c", by: ana.id) }
                        == nil)
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aChecklistHoldsOnlySoManyItemsAndQuickAddIsRefusedToo(_ kind: StorageBackendKind) throws {
        let limits = StoreLimits(listsPerUser: 10, itemsPerList: 2, storedBytesPerUser: 1 << 20)
        try kind.withLocation { path in
            try kind.withStore(at: path, limits: limits) { store in
                let ana = try store.signUp("ana")
                try store.createList("l", title: "Groceries", by: ana)
                for i in 0..<2 {
                    try store.applied(
                        .edit("l", .addItem(Edit.NewItem(id: ItemID("i\(i)"), title: "Item \(i)"))), opID: "a\(i)",
                        by: ana)
                }
                let refused = Self.refusal {
                    try store.applied(
                        .edit("l", .addItem(Edit.NewItem(id: "i9", title: "One too many"))), opID: "a9", by: ana)
                }
                #expect(refused?.kind == "tooLarge")
                #expect(refused?.message.contains("2 items") == true)
                let quick = Self.refusal {
                    _ = try store.sync { s throws(StoreError) in
                        try s.quickAdd(
                            text: "Milk #Groceries", defaultList: nil, timeZone: TimeZone(identifier: "UTC")!,
                            opID: "q", by: ana.actor,
                            newID: "q1", encodeParsed: { _ in [] }
                        )
                    }
                }
                #expect(quick?.kind == "tooLarge")
                #expect(try store.snapshot("l", for: ana).items.count == 2)
                // Other edits of a full checklist still work.
                try store.applied(.edit("l", .completeItem("i0")), opID: "done", by: ana)
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func storedBytesAreCountedPerUserAndSurviveARestart(_ kind: StorageBackendKind) throws {
        // StoreFixture.encode makes events of 23 ("l#1#create-l#createList") and 13 bytes: the
        // second edit crosses 30, and the next one is refused.
        let limits = StoreLimits(listsPerUser: 10, itemsPerList: 100, storedBytesPerUser: 30)
        try kind.withLocation { path in
            let (ana, bo) = try kind.withStore(at: path, limits: limits) { store in
                let ana = try store.signUp("ana")
                let bo = try store.signUp("bo")
                try store.createList("l", by: ana)
                try store.applied(.edit("l", .addItem(Edit.NewItem(id: "x", title: "X"))), opID: "x", by: ana)
                return (ana, bo)
            }
            try kind.withStore(at: path, limits: limits) { store in
                let refused = Self.refusal {
                    try store.applied(.edit("l", .addItem(Edit.NewItem(id: "y", title: "Y"))), opID: "y", by: ana)
                }
                #expect(refused?.kind == "tooLarge")
                #expect(refused?.message.contains("30 bytes") == true)
                try store.createList("m", by: bo)  // another user's budget is their own
            }
        }
    }
}
