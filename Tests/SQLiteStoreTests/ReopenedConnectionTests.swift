import Foundation
import StoreTestSupport
import Testing

import ChecklistStore
@testable import SQLiteStore
@testable import StorageRules

/// A connection the store opens again (after its file could only be read) is set up exactly
/// like the first one: the same flush mode, automatic-checkpoint fallback and page cache.
@Suite(.serialized) struct ReopenedConnectionTests {
    static func chattr(_ flag: String, _ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aConnectionOpenedAgainAfterAReadOnlyFileHasTheStoreSettings() throws {
        let expected = ConnectionSettings(
            pageSize: SQLiteStorage.newDatabasePageSize, synchronous: 1,
            autocheckpoint: WALCheckpointer.writerFallbackPages(pageSize: SQLiteStorage.newDatabasePageSize),
            cacheSize: -SQLiteStorage.pageCacheKiB)
        try StoreFixture.withDatabasePath { path in
            let first = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
            #expect(try first.connectionSettings() == expected)
            first.close()

            // Immutable (what a read-only file is to root): the store opens, but only to read.
            try #require(try Self.chattr("+i", path) == 0, "chattr +i is needed for this test")
            defer { _ = try? Self.chattr("-i", path) }
            let store = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
            defer { store.close() }
            guard case .failing = store.health else {
                Issue.record("an immutable file should make the store failing, not \(store.health)")
                return
            }

            // Writable again: the next write opens the connection anew, and it succeeds.
            try #require(try Self.chattr("-i", path) == 0)
            _ = try store.signUp("ana")
            #expect(store.health == .writable)
            #expect(try store.connectionSettings() == expected)
        }
    }
}
