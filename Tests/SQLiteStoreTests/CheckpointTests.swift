import ChecklistCore
import ChecklistStore
import Foundation
import StoreTestSupport
import Testing

/// Checkpoints run on their own thread: committed pages reach the database file while the
/// store is open, although the writer's own automatic checkpoint is set far beyond this test.
@Suite struct CheckpointTests {
    static func size(of path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    @Test func committedPagesAreCopiedIntoTheDatabaseFileInTheBackground() throws {
        try StoreFixture.withDatabasePath { path in
            let olive = try StoreFixture.withStore(at: path) { store throws -> UserAccount in
                let olive = try store.signUp("olive")
                try store.createList("l1", by: olive)
                // Let the first checkpoint settle, then measure.
                Thread.sleep(forTimeInterval: 0.3)
                let before = Self.size(of: path)
                for number in 0..<300 {
                    let item = Edit.NewItem(
                        id: ItemID("i\(number)"), title: String(repeating: "long title ", count: 20))
                    try store.applied(.edit("l1", .addItem(item)), opID: "add-\(number)", by: olive)
                }
                #expect(Self.size(of: path + "-wal") > 0)
                let deadline = Date().addingTimeInterval(10)
                while Self.size(of: path) <= before, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
                #expect(Self.size(of: path) > before, "the database file did not grow: no checkpoint ran")
                return olive
            }
            // And nothing is lost by checkpointing alongside the writer.
            try StoreFixture.withStore(at: path) { store throws in
                #expect(try store.snapshot("l1", for: olive).items.count == 300)
            }
        }
    }
}
