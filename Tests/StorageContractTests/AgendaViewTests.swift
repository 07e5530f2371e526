import ChecklistCore
import ChecklistStore
import Foundation
import Testing
import StorageRules
import StoreTestSupport

/// `agenda` and `search` build an item that stands alone (no parent, no children, a checklist
/// that is not sequential) from its row, and load the checklist for every other item. Either
/// way each entry must be the item exactly as the checklist's snapshot shows it: completion
/// for parents, `available` for sequential steps, sub-items under a closed parent and
/// `availableFrom`.
@Suite struct AgendaViewTests {
    private static let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    private static let today = RepeatDue.localDate(of: now, timeZone: "UTC")

    /// Two checklists with an item of every shape, each noted "planning"; returns the owner.
    private static func makeChecklists(at path: StoreLocation, _ kind: StorageBackendKind) throws -> UserAccount {
        let day = { (offset: Int) in Due.date(today.addingDays(offset)) }
        return try kind.withStore(at: path) { store in
            let olive = try store.signUp("olive")
            try store.createList("plain", title: "Plain", by: olive)
            let steps = Edit.NewList(title: "Steps", timeZone: "UTC", sequential: true)
            try store.applied(.createList(id: "steps", steps), opID: "create-steps", by: olive)
            let adds: [(ListID, Edit.NewItem)] = [
                ("plain", .init(id: "alone", title: "Alone", due: day(1))),
                ("plain", .init(id: "later", title: "Opens later", due: day(2), availableFrom: day(30))),
                ("plain", .init(id: "parent", title: "Parent", due: day(3))),
                ("plain", .init(id: "child", parent: "parent", title: "Child", due: day(2))),
                ("plain", .init(id: "done-child", parent: "parent", title: "Done child")),
                ("plain", .init(id: "overdue", title: "Overdue", due: day(-2))),
                ("steps", .init(id: "first", title: "First step", due: day(1))),
                ("steps", .init(id: "second", title: "Second step", due: day(2))),
            ]
            for (list, var item) in adds {
                item.notes = "planning"
                try store.applied(.edit(list, .addItem(item)), opID: "add-\(item.id)", by: olive)
            }
            try store.applied(.edit("plain", .completeItem("done-child")), opID: "complete", by: olive)
            return olive
        }
    }

    /// Every item's view as the snapshots of both checklists show it, by id.
    private static func snapshotViews(_ store: StoreExecutor, for olive: UserAccount) throws -> [ItemID: ItemView] {
        let views = try ["plain", "steps"].flatMap { try store.snapshot($0, for: olive).items }
        return Dictionary(uniqueKeysWithValues: views.map { ($0.item.id, $0) })
    }

    @Test(arguments: StorageBackendKind.allCases)
    func everySearchHitIsTheSnapshotsViewOfItsItem(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let olive = try Self.makeChecklists(at: path, kind)
            // A new store on the file: first nothing in memory, then both checklists (the
            // snapshots load them); the same hits either way.
            try kind.withStore(at: path) { store in
                for _ in 0..<2 {
                    let hits = try store.sync { storage throws(StoreError) in
                        try storage.search("planning", for: olive.id, limit: 50)
                    }
                    let expected = try Self.snapshotViews(store, for: olive)
                    #expect(hits.count == 8)
                    for hit in hits {
                        #expect(hit.item != nil && hit.item == expected[hit.item!.item.id], "\(hit.snippet)")
                    }
                    #expect(hits.first { $0.item?.item.id == "second" }?.item?.available == false)
                    #expect(hits.first { $0.item?.item.id == "first" }?.listTitle == "Steps")
                    let titles = try store.sync { storage throws(StoreError) in
                        try storage.search("steps", for: olive.id, limit: 50)
                    }
                    #expect(titles.contains { $0.item == nil && $0.listTitle == "Steps" }, "the checklist's own hit")
                }
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func everyEntryIsTheSnapshotsViewOfItsItem(_ kind: StorageBackendKind) throws {
        let (now, today) = (Self.now, Self.today)
        try kind.withLocation { path in
            let olive = try Self.makeChecklists(at: path, kind)
            // A new store on the file: first nothing in memory, then both checklists (the
            // snapshots load them); the same entries either way.
            try kind.withStore(at: path) { store in
                for _ in 0..<2 {
                    let agenda = try store.sync { storage throws(StoreError) in
                        try storage.agenda(for: olive.id, from: today, to: today.addingDays(6), now: now)
                    }
                    let expected = try Self.snapshotViews(store, for: olive)
                    let entries = agenda.items + agenda.overdue
                    #expect(
                        Set(entries.map(\.item.item.id))
                            == ["alone", "later", "parent", "child", "overdue", "first", "second"])
                    for entry in entries {
                        #expect(entry.item == expected[entry.item.item.id], "\(entry.item.item.id)")
                    }
                    #expect(entries.first { $0.item.item.id == "later" }?.item.available == false)
                    #expect(entries.first { $0.item.item.id == "second" }?.item.available == false)
                    #expect(entries.first { $0.item.item.id == "parent" }?.item.completion != nil)
                    #expect(entries.first { $0.item.item.id == "first" }?.listTitle == "Steps")
                    #expect(agenda.overdue.map(\.item.item.id) == ["overdue"])
                }
            }
        }
    }
}
