import ChecklistCore
import Foundation
import GRDB
import StoreTestSupport
import Testing

import ChecklistStore
@testable import SQLiteStore
@testable import StorageRules

/// Every edit writes its checklist's row; it is updated in place, not deleted and inserted
/// again, so a commit does not rewrite the row's index entries (`RowCodec.upsertList`).
@Suite struct ListRowTests {
    static func rowID(of list: ListID, in store: StoreExecutor) throws -> Int64? {
        try store.onConnection { db in
            try Int64.fetchOne(db, sql: "SELECT rowid FROM lists WHERE id = ?", arguments: [list])
        }
    }

    @Test func editsUpdateTheListsRowInPlaceAndItReadsBackAsWritten() throws {
        try StoreFixture.withDatabasePath { path in
            let olive = try StoreFixture.withStore(at: path) { store throws -> UserAccount in
                let olive = try store.signUp("olive")
                try store.createList("l1", title: "Before", by: olive)
                let created = try Self.rowID(of: "l1", in: store)
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "a", title: "first"))), opID: "add-a", by: olive)
                try store.applied(.edit("l1", .updateList(Edit.ListUpdate(title: "After"))), opID: "rename", by: olive)
                try store.applied(.edit("l1", .completeItem("a")), opID: "done-a", by: olive)
                try store.applied(.edit("l1", .completeList), opID: "done-l1", by: olive)
                #expect(try Self.rowID(of: "l1", in: store) == created)
                return olive
            }
            // A new store reads the row, not a cached state.
            try StoreFixture.withStore(at: path) { store throws in
                let summary = try store.snapshot("l1", for: olive).summary
                #expect(summary.list.title == "After")
                #expect(summary.list.seq == 5)
                #expect(summary.list.status == .completed)
                #expect(summary.list.ownerID == olive.id)
            }
        }
    }

    @Test func aHabitChecklistsGoalIsStoredAndReadBack() throws {
        try StoreFixture.withDatabasePath { path in
            let olive = try StoreFixture.withStore(at: path) { store throws -> UserAccount in
                let olive = try store.signUp("olive")
                try store.applied(
                    .createList(id: "h1", Edit.NewList(title: "Morning", kind: .habits, goalDays: 66)), opID: "make-h1",
                    by: olive)
                try store.applied(
                    .edit("h1", .updateList(Edit.ListUpdate(goalDays: .set(30)))), opID: "goal", by: olive)
                return olive
            }
            try StoreFixture.withStore(at: path) { store throws in
                #expect(try store.snapshot("h1", for: olive).summary.list.goalDays == 30)
                try store.applied(
                    .edit("h1", .updateList(Edit.ListUpdate(goalDays: .clear))), opID: "no-goal", by: olive)
            }
            try StoreFixture.withStore(at: path) { store throws in
                #expect(try store.snapshot("h1", for: olive).summary.list.goalDays == nil)
            }
        }
    }
}
