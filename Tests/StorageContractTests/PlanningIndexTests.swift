import ChecklistCore
import Foundation
import Testing

import ChecklistStore
import StoreTestSupport
@testable import StorageRules

/// `agenda` reads an in-memory index of open dated items (`PlanningIndex`) that every edit
/// keeps up to date. After each kind of edit that can move an item in or out of it, or change
/// what a line shows, the kept index must answer exactly as one built again from the rows,
/// and as the edit says.
@Suite struct PlanningIndexTests {
    private static let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    private static let today = RepeatDue.localDate(of: now, timeZone: "UTC")

    /// One line as a string that tells lines apart by everything a client sees of them.
    private static func line(_ entry: AgendaEntry) -> String {
        let view = entry.item
        return [
            entry.listID.rawValue, entry.listTitle, view.item.id.rawValue, view.item.title,
            view.item.due?.description ?? "-", "\(view.available)", view.completion.map { "\($0)" } ?? "-",
        ].joined(separator: "|")
    }

    /// The user's week (overdue lines marked), from the index as kept, after checking that an
    /// index built again from the rows gives the same lines in the same order.
    private static func week(_ store: StoreExecutor, for user: UserAccount) throws -> [String] {
        let (now, today) = (now, today)
        let ask = { (rebuild: Bool) throws -> [String] in
            try store.sync { storage throws(StoreError) in
                if rebuild { storage.planning = nil }
                let agenda = try storage.agenda(for: user.id, from: today, to: today.addingDays(6), now: now)
                return agenda.overdue.map { "overdue " + line($0) } + agenda.items.map(line)
            }
        }
        let kept = try ask(false)
        let rebuilt = try ask(true)
        #expect(kept == rebuilt, "the index kept by edits and one built from the rows disagree")
        return kept
    }

    /// The ids in a week's lines.
    private static func ids(_ lines: [String]) -> [String] {
        lines.map { $0.split(separator: "|", omittingEmptySubsequences: false)[2].description }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func everyKindOfEditKeepsTheIndexAsTheRowsAre(_ kind: StorageBackendKind) throws {
        let today = Self.today
        let day = { (offset: Int) in Due.date(today.addingDays(offset)) }
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let bob = try store.signUp("bob")
            // Both users' indexes exist before any edit, so the edits must keep them.
            #expect(try Self.week(store, for: olive).isEmpty)
            #expect(try Self.week(store, for: bob).isEmpty)
            try store.createList("work", title: "Work", by: olive)
            var step = 0
            let edit = { (change: Edit) throws in
                step += 1
                try store.applied(.edit("work", change), opID: "op-\(step)", by: olive)
            }
            try edit(.addItem(.init(id: "a", title: "A", due: day(1))))
            try edit(.addItem(.init(id: "b", title: "B", due: day(2))))
            try edit(.addItem(.init(id: "c", title: "C")))
            #expect(Self.ids(try Self.week(store, for: olive)) == ["a", "b"])

            // A due set, moved and cleared.
            try edit(.updateItem("c", .init(due: .set(day(3)))))
            try edit(.updateItem("a", .init(due: .set(day(4)))))
            try edit(.updateItem("b", .init(due: .clear)))
            #expect(Self.ids(try Self.week(store, for: olive)) == ["c", "a"])

            // Done and reopened, cancelled and restored.
            try edit(.completeItem("c"))
            #expect(Self.ids(try Self.week(store, for: olive)) == ["a"])
            try edit(.reopenItem("c"))
            try edit(.cancelItem("a"))
            #expect(Self.ids(try Self.week(store, for: olive)) == ["c"])
            try edit(.restoreItem("a"))
            #expect(Self.ids(try Self.week(store, for: olive)) == ["c", "a"])

            // A child makes `c` a parent (its line shows completion), and moving it away undoes that.
            try edit(.addItem(.init(id: "k", parent: "c", title: "K")))
            #expect(try Self.week(store, for: olive).first?.hasSuffix("|-") == false, "c shows its completion")
            try edit(.moveItem("k", parent: .clear, placement: .last))
            #expect(try Self.week(store, for: olive).first?.hasSuffix("|-") == true, "c stands alone again")

            // The checklist renamed and made sequential: only its first open step (`a`) is available.
            try edit(.updateList(.init(title: "Office", sequential: true)))
            let sequential = try Self.week(store, for: olive)
            #expect(sequential.allSatisfy { $0.contains("|Office|") })
            #expect(sequential.contains { $0.contains("|a|") && $0.contains("|true|") })
            #expect(sequential.contains { $0.contains("|c|") && $0.contains("|false|") })
            try edit(.updateList(.init(sequential: false)))

            // A repeating item: once per day of the week.
            try edit(
                .addItem(.init(id: "r", title: "R", due: day(0), repeatRule: try RepeatRule(parsing: "FREQ=DAILY"))))
            #expect(Self.ids(try Self.week(store, for: olive)).filter { $0 == "r" }.count == 7)

            // The whole checklist cancelled and restored.
            try edit(.cancelList)
            #expect(try Self.week(store, for: olive).isEmpty)
            try edit(.restoreList)
            #expect(Set(Self.ids(try Self.week(store, for: olive))) == ["a", "c", "r"])

            // Shared: bob sees it at once; unshared: gone at once.
            try store.applied(.share("work", username: "bob", role: .viewer), opID: "share", by: olive)
            #expect(Set(Self.ids(try Self.week(store, for: bob))) == ["a", "c", "r"])
            try store.applied(.unshare("work", username: "bob"), opID: "unshare", by: olive)
            #expect(try Self.week(store, for: bob).isEmpty)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aBatchThatCannotCommitLeavesNothingOfItsItemsInTheAgenda(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let ana = try store.signUp("ana")
            try store.createList("l", by: ana)
            let tomorrow = Due.date(Self.today.addingDays(1))
            try store.applied(.edit("l", .addItem(.init(id: "kept", title: "Kept", due: tomorrow))), opID: "k", by: ana)
            #expect(Self.ids(try Self.week(store, for: ana)) == ["kept"])
            // Writes failing (a full disk) part way through dated additions.
            try kind.failWrites(of: store, true)
            let big = String(repeating: "x", count: 400)
            var committed: [String] = ["kept"]
            var failed = false
            for i in 0..<200 where !failed {
                do {
                    let item = Edit.NewItem(id: ItemID("i\(i)"), title: "Item \(i)", notes: big, due: tomorrow)
                    try store.applied(.edit("l", .addItem(item)), opID: "a\(i)", by: ana)
                    committed.append("i\(i)")
                } catch is StoreError {
                    failed = true
                }
            }
            #expect(failed, "the disk never filled")
            try kind.failWrites(of: store, false)
            let week = Self.ids(try Self.week(store, for: ana))
            #expect(Set(week) == Set(committed), "exactly the acknowledged items, no more")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func searchFindsDocumentsAddedAfterTheIndexWasBuilt(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let bob = try store.signUp("bob")
            let search = { (user: UserAccount, words: String) throws -> [String] in
                try store.sync { storage throws(StoreError) in
                    try storage.search(words, for: user.id, limit: 20).map { $0.item?.item.id.rawValue ?? $0.listTitle }
                }
            }
            #expect(try search(olive, "zebra").isEmpty, "builds the index and learns the documents so far")
            #expect(try search(bob, "zebra").isEmpty)
            try store.createList("zoo", title: "Zebra crossing", by: olive)
            try store.applied(.edit("zoo", .addItem(.init(id: "z", title: "Feed the zebra"))), opID: "z", by: olive)
            #expect(Set(try search(olive, "zebra")) == ["Zebra crossing", "z"])
            #expect(try search(bob, "zebra").isEmpty, "not bob's")
            try store.applied(.share("zoo", username: "bob", role: .viewer), opID: "share", by: olive)
            #expect(Set(try search(bob, "zeb")) == ["Zebra crossing", "z"])
        }
    }
}
