import ChecklistCore
import ChecklistStore
import Foundation
import PostgresStore
import StorageRules
import StoreCopy
import StoreTestSupport
import Testing

/// `StoreCopy` between a real SQLite file and a real PostgreSQL database (`TestPostgres`), read
/// back through the PostgreSQL store under the rules, as a server would.
@Suite struct StoreCopyTests {
    /// The log replays the same bytes, a resent opId (NUL in it too) gets its original ack, the
    /// rows read back as the SQLite store reads them, and the log carries on from the copied head.
    @Test func aCopyKeepsTheLogTheAcksAndTextWithNul() throws {
        try StorageBackendKind.sqlite.withLocation { source in
            let sqlite = try StorageBackendKind.sqlite.open(source)
            let olive = try sqlite.signUp("olive")
            let created = try sqlite.applied(
                .createList(id: "l1", Edit.NewList(title: "Tea\u{0}time")), opID: "op\u{0}1", by: olive)
            let added = try sqlite.applied(
                .edit("l1", .addItem(Edit.NewItem(id: "i1", title: "Kettle\u{0}on"))), opID: "op-2", by: olive)
            let log = try sqlite.log("l1", for: olive)
            let acks = [created.acknowledgement, added.acknowledgement]
            sqlite.close()
            // As the SQLite store reads its rows again (not its cache of the edits).
            let stored = try StorageBackendKind.sqlite.withStore(at: source) { store in
                try store.snapshot("l1", for: olive)
            }
            try StorageBackendKind.postgres.withLocation { target in
                let summary = try StoreCopy(sourcePath: source.database, target: PostgresURL(target.database)).run()
                #expect(summary.rows.first { $0.table == "events" }?.count == summary.events)
                #expect(summary.events >= 2 && summary.checklists >= 1)
                #expect(summary.serverKeyCopied)
                try StorageBackendKind.postgres.withStore(at: target) { store in
                    #expect(try store.log("l1", for: olive) == log)
                    let snapshot = try store.snapshot("l1", for: olive)
                    #expect(snapshot.summary.list == stored.summary.list)
                    #expect(snapshot.items == stored.items)
                    for (opID, ack) in zip(["op\u{0}1", "op-2"], acks) {
                        let again = try store.apply(
                            .edit("l1", .addItem(Edit.NewItem(id: "other", title: "other"))), opID: opID, by: olive)
                        #expect(again.acknowledgement == ack)
                    }
                    let next = try store.applied(
                        .edit("l1", .addItem(Edit.NewItem(id: "i2", title: "Cups"))), opID: "op-3", by: olive)
                    #expect(next.acknowledgement.seq == 3)
                }
            }
        }
    }

    /// A target holding any row is refused, and nothing is written to it.
    @Test func aTargetWithRowsIsRefused() throws {
        try StorageBackendKind.sqlite.withLocation { source in
            try StorageBackendKind.sqlite.withStore(at: source) { store in _ = try store.signUp("olive") }
            try StorageBackendKind.postgres.withLocation { target in
                try StorageBackendKind.postgres.withStore(at: target) { store in _ = try store.signUp("pat") }
                #expect {
                    try StoreCopy(sourcePath: source.database, target: PostgresURL(target.database)).run()
                } throws: { error in
                    "\(error)".contains("is not empty (events, lists,")
                }
                try StorageBackendKind.postgres.withStore(at: target) { store in
                    let olive = try store.sync { store throws(StoreError) in try store.credentials(username: "olive") }
                    #expect(olive == nil)
                }
            }
        }
    }
}
