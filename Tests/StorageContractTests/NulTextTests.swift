import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Testing

/// Text with a NUL in it (`\u0000`, which JSON allows anywhere in a string) reads back whole
/// by every path that reads it from the store — the checklists, a snapshot, the agenda and a
/// search hit — as the event that carried it keeps it. Read by a store opened again on the
/// same data, so that each path reads the rows rather than what the first store held.
@Suite struct NulTextTests {
    static let listTitle = "Groceries\u{0}for the week"
    static let description = "every\u{0}Saturday"
    static let itemTitle = "Buy\u{0}milk before noon"
    static let notes = "semi-skimmed\u{0}or whole"
    static let place = "Corner\u{0}shop"

    @Test(arguments: StorageBackendKind.allCases)
    func textWithANulReadsBackWholeByEveryPath(_ kind: StorageBackendKind) throws {
        let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        let today = RepeatDue.localDate(of: now, timeZone: "UTC")
        try kind.withLocation { location in
            let olive = try kind.withStore(at: location) { store in
                let olive = try store.signUp("olive")
                let list = Edit.NewList(title: Self.listTitle, description: Self.description, timeZone: "UTC")
                try store.applied(.createList(id: "l", list), opID: "create", by: olive)
                let item = Edit.NewItem(
                    id: "i", title: Self.itemTitle, notes: Self.notes, due: .date(today.addingDays(1)),
                    location: Self.place)
                try store.applied(.edit("l", .addItem(item)), opID: "add", by: olive)
                return olive
            }
            try kind.withStore(at: location) { store in
                // The agenda and search first, while the checklist is not in memory: they read rows.
                let agenda = try store.sync { s throws(StoreError) in
                    try s.agenda(for: olive.id, from: today, to: today.addingDays(6), now: now)
                }
                let entry = try #require(agenda.items.first { $0.item.item.id == "i" })
                Self.expectWhole(entry.item.item)
                #expect(entry.listTitle == Self.listTitle)

                let hits = try store.sync { s throws(StoreError) in try s.search("buy", for: olive.id, limit: 10) }
                let hit = try #require(hits.first { $0.item?.item.id == "i" })
                Self.expectWhole(try #require(hit.item?.item))
                #expect(hit.listTitle == Self.listTitle)

                #expect(try store.lists(for: olive).map(\.list.title) == [Self.listTitle])
                let snapshot = try store.snapshot("l", for: olive)
                #expect(snapshot.summary.list.title == Self.listTitle)
                #expect(snapshot.summary.list.description == Self.description)
                Self.expectWhole(try #require(snapshot.items.first?.item))
            }
        }
    }

    static func expectWhole(_ item: Item) {
        #expect(item.title == itemTitle)
        #expect(item.notes == notes)
        #expect(item.location == place)
    }
}
