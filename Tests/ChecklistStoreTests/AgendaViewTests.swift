import ChecklistCore
import ChecklistStore
import Foundation
import Testing

/// `agenda` builds an item that stands alone (no parent, no children, a checklist that is not
/// sequential) from its row, and loads the checklist for every other item. Either way each
/// entry must be the item exactly as the checklist's snapshot shows it: completion for parents,
/// `available` for sequential steps, sub-items under a closed parent and `availableFrom`.
@Suite struct AgendaViewTests {
    @Test func everyEntryIsTheSnapshotsViewOfItsItem() throws {
        let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        let today = RepeatDue.localDate(of: now, timeZone: "UTC")
        let day = { (offset: Int) in Due.date(today.addingDays(offset)) }
        try StoreFixture.withDatabasePath { path in
            let olive = try StoreFixture.withStore(at: path) { store in
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
                for (list, item) in adds {
                    try store.applied(.edit(list, .addItem(item)), opID: "add-\(item.id)", by: olive)
                }
                try store.applied(.edit("plain", .completeItem("done-child")), opID: "complete", by: olive)
                return olive
            }
            // Warm (the checklists in memory since the edits) and cold (a new store on the same
            // file, nothing in memory): the same entries either way.
            for _ in 0..<2 {
                try StoreFixture.withStore(at: path) { store in
                    let agenda = try store.sync { storage throws(StoreError) in
                        try storage.agenda(for: olive.id, from: today, to: today.addingDays(6), now: now)
                    }
                    let views = try ["plain", "steps"].flatMap { try store.snapshot($0, for: olive).items }
                    let expected = Dictionary(uniqueKeysWithValues: views.map { ($0.item.id, $0) })
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
