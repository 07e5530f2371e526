import ChecklistCore
import ChecklistStore
@testable import SQLiteStore
@testable import StorageRules
import Foundation
import GRDB
import Testing

@Suite struct SchemaMigrationTests {
    @Test func openingANewFileCreatesTheSchema() throws {
        try StoreFixture.withDatabasePath { path in
            #expect(!FileManager.default.fileExists(atPath: path))
            try StoreFixture.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try store.createList("l1", by: olive)
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "a", title: "Read chapter 3"))), opID: "op-a", by: olive)
                try store.sync { store throws(StoreError) in
                    try store.createSession(tokenHash: [1, 2, 3], for: olive.id)
                }
                #expect(try store.lists(for: olive).map(\.list.id) == ["l1"])
            }
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    /// A second open runs no migration twice and finds everything as it was left.
    @Test func reopeningAnExistingFileKeepsTheData() throws {
        try StoreFixture.withDatabasePath { path in
            let olive = try StoreFixture.withStore(at: path) { store in
                let olive = try store.signUp("Olive")
                let eddie = try store.signUp("eddie")
                try store.createList("l1", title: "Spring Cleaning", by: olive)
                try store.applied(.share("l1", username: "eddie", role: .editor), opID: "op-share", by: olive)
                try store.applied(
                    .edit(
                        "l1",
                        .updateList(Edit.ListUpdate(description: .set("house"), due: .set(Due(wire: "2027-03-12")!)))),
                    opID: "op-u", by: olive)
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "p", title: "Kitchen"))), opID: "op-p", by: olive)
                try store.applied(
                    .edit(
                        "l1",
                        .addItem(
                            Edit.NewItem(
                                id: "a", parent: "p", title: "Oven", notes: "inside too",
                                due: Due(wire: "2027-03-10T09:30:00Z"),
                                location: "Home", remindEvery: 3600
                            ))), opID: "op-a", by: eddie)
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "b", parent: "p", title: "Fridge"))), opID: "op-b", by: eddie)
                try store.applied(.edit("l1", .completeItem("a")), opID: "op-done", by: eddie)
                try store.applied(.edit("l1", .cancelItem("b")), opID: "op-cancel", by: olive)
                try store.sync { store throws(StoreError) in
                    try store.createSession(tokenHash: [7, 7, 7], for: olive.id)
                }
                return olive
            }
            try StoreFixture.withStore(at: path) { store in
                let snapshot = try store.snapshot("l1", for: olive)
                #expect(snapshot.summary.list.title == "Spring Cleaning")
                #expect(snapshot.summary.list.description == "house")
                #expect(snapshot.summary.list.due == Due(wire: "2027-03-12"))
                #expect(snapshot.summary.list.seq == 8)
                #expect(snapshot.summary.role == .owner)
                #expect(snapshot.summary.completion == Completion(done: 1, total: 1))
                #expect(snapshot.participants.map(\.username) == ["Olive", "eddie"])
                #expect(snapshot.participants.map(\.role) == [.owner, .editor])
                #expect(snapshot.items.map(\.item.id) == ["p", "a", "b"])
                let oven = try #require(snapshot.items.first { $0.item.id == "a" }?.item)
                #expect(oven.status == .done)
                #expect(oven.doneBy == "eddie")
                #expect(oven.notes == "inside too")
                #expect(oven.due == Due(wire: "2027-03-10T09:30:00Z"))
                #expect(oven.location == "Home")
                #expect(oven.remindEvery == 3600)
                #expect(oven.createdBy == "eddie")
                let fridge = try #require(snapshot.items.first { $0.item.id == "b" }?.item)
                #expect(fridge.cancelOrigin == .direct(previous: .open))
                #expect(snapshot.items.first?.completion == Completion(done: 1, total: 1))

                // Accounts and sessions survive too, and the log carries on without a gap.
                let credentials = try store.sync { store throws(StoreError) in try store.credentials(username: "olive")
                }
                #expect(credentials?.0 == olive)
                let session = try store.sync { store throws(StoreError) in try store.user(forTokenHash: [7, 7, 7]) }
                #expect(session == olive)
                let next = try store.applied(.edit("l1", .restoreItem("b")), opID: "op-restore", by: olive)
                #expect(next.event.seq == 9)
                #expect(try store.snapshot("l1", for: olive).items.first { $0.item.id == "b" }?.item.status == .open)
            }
        }
    }

    /// What a cancel must undo and who was removed are kept on disk, not only in the cache.
    @Test func cancelOriginsAndRemovedParticipantsSurviveAReopen() throws {
        try StoreFixture.withDatabasePath { path in
            let (olive, vera) = try StoreFixture.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                let vera = try store.signUp("vera")
                try store.createList("done", title: "Done", by: olive)
                try store.applied(.edit("done", .addItem(Edit.NewItem(id: "a", title: "a"))), opID: "d-a", by: olive)
                try store.applied(.edit("done", .completeItem("a")), opID: "d-done", by: olive)
                try store.applied(.edit("done", .completeList), opID: "d-complete", by: olive)
                try store.applied(.edit("done", .cancelList), opID: "d-cancel", by: olive)
                try store.createList("open", title: "Open", by: olive)
                try store.applied(.share("open", username: "vera", role: .viewer), opID: "o-share", by: olive)
                try store.applied(.edit("open", .addItem(Edit.NewItem(id: "p", title: "p"))), opID: "o-p", by: olive)
                try store.applied(
                    .edit("open", .addItem(Edit.NewItem(id: "c", parent: "p", title: "c"))), opID: "o-c", by: olive)
                try store.applied(.edit("open", .cancelItem("p")), opID: "o-cancel", by: olive)
                try store.applied(.edit("open", .cancelList), opID: "o-cancel-list", by: olive)
                let unshare = try store.applied(.unshare("open", username: "vera"), opID: "o-unshare", by: olive)
                #expect(unshare.revokedUserID == vera.id)
                return (olive, vera)
            }
            try StoreFixture.withStore(at: path) { store in
                #expect(try store.lists(for: vera).isEmpty)
                #expect(throws: StoreError.rejected(.listNotFound("open"))) {
                    try store.subscribe("open", for: vera, since: 0)
                }
                #expect(try store.snapshot("open", for: olive).participants.map(\.username) == ["olive"])

                try store.applied(.edit("done", .restoreList), opID: "d-restore", by: olive)
                #expect(try store.snapshot("done", for: olive).summary.list.status == .completed)

                try store.applied(.edit("open", .restoreList), opID: "o-restore-list", by: olive)
                try store.applied(.edit("open", .restoreItem("p")), opID: "o-restore", by: olive)
                let items = try store.snapshot("open", for: olive).items.map { ($0.item.id, $0.item.status) }
                #expect(items.map(\.0) == ["p", "c"])
                #expect(items.map(\.1) == [.open, .open])
            }
        }
    }

    @Test func reopeningSeveralTimesIsHarmless() throws {
        try StoreFixture.withDatabasePath { path in
            for round in 1...3 {
                try StoreFixture.withStore(at: path) { store in
                    let user = try store.signUp("user\(round)")
                    try store.createList(ListID("l\(round)"), by: user)
                }
            }
            try StoreFixture.withStore(at: path) { store in
                for round in 1...3 {
                    let found = try store.sync { store throws(StoreError) in
                        try store.credentials(username: "user\(round)")
                    }
                    let user = try #require(found?.0)
                    #expect(try store.lists(for: user).map(\.list.id) == [ListID("l\(round)")])
                }
            }
        }
    }

    /// A file written before v2 had no `parsed` column: the ops it holds are still answered as
    /// before (without `parsed`), since v13 from their event rows.
    @Test func aFileFromBeforeV2KeepsItsAppliedOps() throws {
        try StoreFixture.withDatabasePath { path in
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "0.1.0")
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO applied_ops (user_id, op_id, list_id, seq, created_id) VALUES ('u1', 'op-old', 'l1', 3, 'item-1');
                        INSERT INTO events (list_id, seq, payload) VALUES ('l1', 3, x'7b7d');
                        """)
            }
            try queue.close()
            try StoreFixture.withStore(at: path) { store in
                let ack = try store.sync { store throws(StoreError) in
                    try store.previousAcknowledgement(of: "op-old", by: "u1")
                }
                #expect(ack == Acknowledgement(listID: "l1", seq: 3, createdID: "item-1", parsed: nil))
            }
            let reopened = try DatabaseQueue(path: path)
            defer { try? reopened.close() }
            let columns = try reopened.read { db in try db.columns(in: "events").map(\.name) }
            #expect(columns.contains("parsed"))
        }
    }

    /// A file from before v13 (the event log a `WITHOUT ROWID` table, acknowledgements in
    /// `applied_ops`) gets v13's rowid table with the acks on the event rows: every event's
    /// bytes as they were, replayed in order, and every used opId answered as before,
    /// `created_id` and a quickAdd's `parsed` included.
    @Test func aFileFromBeforeV13KeepsItsEventLogAndItsAcks() throws {
        try StoreFixture.withDatabasePath { path in
            let (olive, before) = try StoreFixture.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try store.createList("l1", by: olive)
                for index in 0..<20 {
                    let notes = String(repeating: "n", count: 40 * index)
                    try store.applied(
                        .edit("l1", .addItem(Edit.NewItem(id: ItemID("i\(index)"), title: "item", notes: notes))),
                        opID: "op-\(index)", by: olive)
                }
                return (olive, try store.log("l1", for: olive))
            }
            // Turn the file back into v11's layout, with a `parsed` on one op, and v13 not yet
            // applied.
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE applied_ops (
                            user_id TEXT NOT NULL, op_id TEXT NOT NULL, list_id TEXT NOT NULL, seq INTEGER NOT NULL,
                            created_id TEXT, parsed BLOB, PRIMARY KEY (user_id, op_id)
                        ) WITHOUT ROWID;
                        INSERT INTO applied_ops SELECT user_id, op_id, list_id, seq, created_id, parsed FROM events;
                        UPDATE applied_ops SET parsed = x'7b7d' WHERE op_id = 'op-7';
                        CREATE TABLE events_old (
                            list_id TEXT NOT NULL, seq INTEGER NOT NULL, payload BLOB NOT NULL,
                            PRIMARY KEY (list_id, seq)
                        ) WITHOUT ROWID;
                        INSERT INTO events_old SELECT list_id, seq, payload FROM events;
                        DROP TABLE events;
                        ALTER TABLE events_old RENAME TO events;
                        DELETE FROM grdb_migrations WHERE identifier = '0.10.0';
                        INSERT INTO grdb_migrations (identifier) VALUES ('v12');
                        """)
            }
            try queue.close()
            try StoreFixture.withStore(at: path) { store in
                #expect(try store.log("l1", for: olive) == before)
                let again = try store.apply(
                    .edit("l1", .addItem(Edit.NewItem(id: "other", title: "other"))), opID: "op-3", by: olive)
                #expect(again.acknowledgement == Acknowledgement(listID: "l1", seq: 5, createdID: "i3"))
                let quick = try store.sync { store throws(StoreError) in
                    try store.previousAcknowledgement(of: "op-7", by: olive.id)
                }
                #expect(quick == Acknowledgement(listID: "l1", seq: 9, createdID: "i7", parsed: Array("{}".utf8)))
                let next = try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "new", title: "new"))), opID: "op-new", by: olive)
                #expect(next.event.seq == 22)
                #expect(try store.log("l1", for: olive) == before + [next.payload])
            }
            let reopened = try DatabaseQueue(path: path)
            defer { try? reopened.close() }
            let (sql, tables) = try reopened.read { db in
                (
                    try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'events'"),
                    try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                )
            }
            #expect(sql?.contains("WITHOUT ROWID") == false)
            #expect(!tables.contains("applied_ops"))
        }
    }

    /// An applied op without its event cannot happen (both are written in one transaction);
    /// if a file had one, v13 refuses to open it rather than forget that opId.
    @Test func v13RefusesAnAppliedOpWithoutItsEvent() throws {
        try StoreFixture.withDatabasePath { path in
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "0.8.0")
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO applied_ops (user_id, op_id, list_id, seq) VALUES ('u1', 'op-lost', 'l1', 3)")
            }
            #expect(throws: (any Error).self) { try Schema.migrator.migrate(queue) }
            try queue.close()
        }
    }
}
