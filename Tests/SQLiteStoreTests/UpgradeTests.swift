import ChecklistCore
import ChecklistStore
import Credentials
import Foundation
import GRDB
@testable import SQLiteStore
import StorageRules
import StoreTestSupport
import Testing

/// A store made by the 0.18.0 build before the storage port (`Fixtures/made-by-0.18.0`, made
/// with `Fixtures/make-upgrade-fixture.py`): its migrations named v1 … v13, its server key in a
/// file beside it. Opened by this build, every fact of it is as it was, and it is used on.
@Suite struct UpgradeTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/made-by-0.18.0")

    struct Facts: Decodable {
        struct AttachmentFacts: Decodable {
            var id: String
            var sha256: String
            var text: String
        }
        var username: String
        var other: String
        var token: String
        var list: String
        var items: [String]
        var head: Int64
        var opIds: [String]
        var feedURL: String
        var attachment: AttachmentFacts
    }

    /// Copies the fixture's files to where a store at `path` keeps them (the database
    /// gunzipped: it is mostly empty pages).
    static func place(at path: String) throws -> Facts {
        let files = FileManager.default
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-dc", fixture.appendingPathComponent("db.gz").path]
        _ = files.createFile(atPath: path, contents: nil)
        gunzip.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try gunzip.run()
        gunzip.waitUntilExit()
        guard gunzip.terminationStatus == 0 else { throw StoreTestFailure("gzip -dc failed on the fixture") }
        try files.copyItem(atPath: fixture.appendingPathComponent("db.key").path, toPath: path + ".key")
        try files.copyItem(atPath: fixture.appendingPathComponent("attachments").path, toPath: path + "-attachments")
        return try JSONDecoder().decode(
            Facts.self, from: Data(contentsOf: fixture.appendingPathComponent("facts.json")))
    }

    @Test func aStoreMadeByTheBuildBeforeThePortOpensWithItsDataItsKeyAndItsFiles() throws {
        try StoreFixture.withDatabasePath { path in
            let facts = try Self.place(at: path)
            let key = try #require(FileManager.default.contents(atPath: path + ".key"))
            let before = try DatabaseQueue(path: path)
            let oldNames = try before.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
            try before.close()
            #expect(Set(oldNames) == Set((1...13).map { "v\($0)" }), "the fixture is what the old build left")

            let list = ListID(facts.list)
            let ana = try StoreFixture.withStore(at: path) { store in
                let names = try store.onConnection { db in
                    try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                }
                #expect(Set(names) == ["0.1.0", "0.2.0", "0.6.0", "0.7.0", "0.8.0", "0.10.0", "0.18.0"])
                #expect(store.serverKey == Array(key), "the key the old build kept beside the file")

                let found = try store.sync { s throws(StoreError) in try s.credentials(username: facts.username) }
                let ana = try #require(found?.0)
                #expect(found?.1.hasPrefix("scrypt") == true)
                let session = try store.sync { s throws(StoreError) in
                    try s.user(forTokenHash: SessionToken(text: facts.token).storedHash)
                }
                #expect(session?.id == ana.id, "its sessions still sign in")

                let snapshot = try store.snapshot(list, for: ana)
                #expect(snapshot.summary.list.seq == facts.head)
                #expect(Set(snapshot.items.map(\.item.id.rawValue)) == Set(facts.items))
                #expect(snapshot.participants.map(\.username) == [facts.username, facts.other])
                #expect(try store.log(list, for: ana).count == Int(facts.head), "the whole log replays")

                for opID in facts.opIds {
                    let again = try store.apply(.edit(list, .completeList), opID: opID, by: ana)
                    guard case .duplicate = again else {
                        Issue.record("\(opID) was applied again: \(again)")
                        continue
                    }
                }
                let quick = try store.sync { s throws(StoreError) in
                    try s.previousAcknowledgement(of: "op-quick", by: ana.id)
                }
                #expect(quick?.parsed?.isEmpty == false, "a quickAdd's parsed object is kept with its op")

                let token = try #require(facts.feedURL.split(separator: "/").last?.dropLast(4))
                let scope = try store.sync { s throws(StoreError) in
                    try s.feedScope(forTokenHash: FeedToken(text: String(token)).storedHash)
                }
                #expect(scope == FeedScope(userID: ana.id, listID: nil), "its feed URLs still open")

                let attachment = try store.sync { s throws(StoreError) in
                    try s.attachment(AttachmentID(facts.attachment.id), readableBy: ana.id)
                }
                let file = try #require(attachment?.file)
                #expect(FileManager.default.contents(atPath: file) == Data(facts.attachment.text.utf8))
                #expect(attachment?.attachment.sha256 == facts.attachment.sha256)

                let next = try store.applied(
                    .edit(list, .addItem(Edit.NewItem(id: "after-upgrade", title: "New"))), opID: "op-new", by: ana)
                #expect(next.event.seq == facts.head + 1)
                return ana
            }
            // Opened again: nothing runs twice, the key and the data stay.
            try StoreFixture.withStore(at: path) { store throws in
                #expect(store.serverKey == Array(key))
                #expect(try store.snapshot(list, for: ana).summary.list.seq == facts.head + 1)
            }
        }
    }
}
