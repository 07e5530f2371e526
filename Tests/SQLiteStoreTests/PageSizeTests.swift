import ChecklistCore
import Foundation
import GRDB
import StoreTestSupport
import Testing

import ChecklistStore
@testable import SQLiteStore
@testable import StorageRules

/// New databases get 8 KiB pages (`SQLiteStorage.newDatabasePageSize`); a file made with
/// another size keeps it, and the log's fallback checkpoint stays at the same number of bytes
/// whatever the size.
@Suite struct PageSizeTests {
    @Test func aNewDatabaseHasEightKiBPagesAndA64MiBFallback() throws {
        let settings = try StoreFixture.withStore { store in try store.connectionSettings() }
        #expect(settings.pageSize == 8192)
        #expect(settings.autocheckpoint == 8192)
    }

    @Test func aDatabaseMadeWithFourKiBPagesKeepsThemAndWorks() throws {
        try StoreFixture.withDatabasePath { path in
            // A file as the store made them before: 4 KiB pages, WAL mode, nothing else yet.
            do {
                let old = try DatabaseQueue(path: path)
                try old.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA page_size = 4096")
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                    try db.execute(sql: "CREATE TABLE scratch (a); DROP TABLE scratch")
                }
                try old.close()
            }
            try StoreFixture.withStore(at: path) { store in
                let settings = try store.connectionSettings()
                #expect(settings.pageSize == 4096)
                #expect(settings.autocheckpoint == 16_384)
                let ana = try store.signUp("ana")
                try store.createList("groceries", by: ana)
                try store.applied(
                    .edit("groceries", .addItem(Edit.NewItem(id: "milk", title: "Milk"))), opID: "add-milk", by: ana)
                let snapshot = try store.snapshot("groceries", for: ana)
                #expect(snapshot.summary.list.seq == 2)
                #expect(snapshot.items.map(\.item.title) == ["Milk"])
            }
        }
    }
}
