import ChecklistCore
import ChecklistStore
@testable import SQLiteStore
@testable import StorageRules
import Foundation
import GRDB
import StoreTestSupport
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

    /// A file a newer Checkwire migrated (a migration this build does not know) is refused at
    /// open, naming both schemas, rather than opened and written by older rules.
    @Test func aFileFromANewerCheckwireIsRefusedNamingBothSchemas() throws {
        try StoreFixture.withDatabasePath { path in
            try StoreFixture.withStore(at: path) { _ in }
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9.1.0')") }
            try queue.close()
            let refused = #expect(throws: StoreError.self) { try StoreFixture.withStore(at: path) { _ in } }
            guard case .failure(let message)? = refused else {
                Issue.record("expected a failure, got \(String(describing: refused))")
                return
            }
            #expect(message.contains("9.1.0") && message.contains(Schema.newestVersion) && message.contains(path))
        }
    }

    /// Names given before 0.18.0 are recorded under the versions that merge them: nothing runs
    /// again, and the file opens as before.
    @Test func aFileMigratedUnderTheOldNamesTakesTheVersionNames() throws {
        try StoreFixture.withDatabasePath { path in
            let olive = try StoreFixture.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try store.createList("l1", by: olive)
                return olive
            }
            // Back to the names the file had before, with what 0.18.0 adds (the key table, the
            // habit goal, the push devices, the attempt counts, the mail settings) not yet made.
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        DELETE FROM grdb_migrations;
                        DROP TABLE server_key;
                        DROP TABLE push_devices;
                        DROP TABLE attempts;
                        DROP TABLE email_settings;
                        ALTER TABLE lists DROP COLUMN goal_days;
                        """)
                for number in 1...13 {
                    try db.execute(
                        sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: ["v\(number)"])
                }
            }
            try queue.close()
            try StoreFixture.withStore(at: path) { store throws in
                #expect(try store.snapshot("l1", for: olive).summary.list.seq == 1)
                let names = try store.onConnection { db in
                    try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                }
                #expect(Set(names) == ["0.1.0", "0.2.0", "0.6.0", "0.7.0", "0.8.0", "0.10.0", "0.18.0"])
            }
        }
    }
}
