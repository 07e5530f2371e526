import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Testing

/// Calendar feeds in the store: tokens by their hash, one per user and scope, rotation; the
/// fingerprint that moves with every edit; the dated items a feed shows, with their revisions.
@Suite struct FeedStoreTests {
    static let today = RepeatDue.localDate(of: Timestamp(Date()), timeZone: "UTC")

    /// The stand-in for a token's hash: what `feedGeneration` stores for a generation.
    static func hash(_ scope: String, _ generation: Int) -> [UInt8] { Array("\(scope)-\(generation)".utf8) }

    @Test(arguments: StorageBackendKind.allCases)
    func aTokenOpensItsScopeUntilItIsRotated(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            let sam = try store.signUp("sam")
            try store.createList("l1", title: "Trip", by: olive)
            func generation(_ user: UserAccount, _ list: ListID?, rotate: Bool) throws(StoreError) -> Int {
                try store.sync { s throws(StoreError) in
                    try s.feedGeneration(for: user.id, listID: list, rotate: rotate) {
                        Self.hash(list?.rawValue ?? "all", $0)
                    }
                }
            }
            func scope(_ hash: [UInt8]) throws(StoreError) -> FeedScope? {
                try store.sync { s throws(StoreError) in try s.feedScope(forTokenHash: hash) }
            }
            #expect(try generation(olive, nil, rotate: false) == 0)
            #expect(try generation(olive, nil, rotate: false) == 0, "asking again gives the same token")
            #expect(try scope(Self.hash("all", 0)) == FeedScope(userID: olive.id, listID: nil))
            #expect(try generation(olive, "l1", rotate: false) == 0)
            #expect(try scope(Self.hash("l1", 0)) == FeedScope(userID: olive.id, listID: "l1"))

            #expect(try generation(olive, nil, rotate: true) == 1)
            #expect(try scope(Self.hash("all", 0)) == nil, "a rotated token stops working at once")
            #expect(try scope(Self.hash("all", 1)) == FeedScope(userID: olive.id, listID: nil))
            #expect(try scope(Self.hash("l1", 0)) != nil, "another scope keeps its token")
            #expect(throws: StoreError.rejected(.listNotFound("l1"))) { try generation(sam, "l1", rotate: false) }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func theFingerprintMovesWithEveryEditAndTheEntriesAreTheDatedItems(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            let sam = try store.signUp("sam")
            try store.createList("l1", title: "Trip", by: olive)
            let day = { (offset: Int) in Due.date(Self.today.addingDays(offset)) }
            for (id, due) in [("soon", day(1)), ("undated", nil), ("old-open", day(-200)), ("old-done", day(-200))] {
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: ItemID(id), title: id, due: due))), opID: "add-\(id)",
                    by: olive
                )
            }
            try store.applied(.edit("l1", .completeItem("old-done")), opID: "done", by: olive)
            try store.applied(
                .createList(id: "h", Edit.NewList(title: "Habits", timeZone: "UTC", kind: .habits)), opID: "h",
                by: olive)
            let all = FeedScope(userID: olive.id, listID: nil)
            let read = { () throws -> (FeedFingerprint?, name: String, entries: [CalendarFeed.Entry]) in
                try store.sync { s throws(StoreError) in
                    guard let fingerprint = try s.feedFingerprint(all, today: Self.today) else { return (nil, "", []) }
                    let (name, entries) = try s.feedEntries(all, of: fingerprint, today: Self.today)
                    return (fingerprint, name, entries)
                }
            }
            let (first, name, entries) = try read()
            #expect(first?.lists.contains("l1") == true)
            #expect(first?.lists.contains("h") == false, "habit checklists are left out")
            #expect(name == "Checkwire — olive")
            #expect(entries.map(\.item.id) == ["old-open", "soon"], "dated items, open old ones kept, by due")
            let soonRevision = try #require(entries.last?.revision)

            try store.applied(.edit("l1", .updateItem("soon", Edit.ItemUpdate(title: "Soon"))), opID: "u", by: olive)
            let (second, _, again) = try read()
            #expect(second?.text != first?.text, "an edit moves the fingerprint")
            #expect(try #require(again.last?.revision) > soonRevision, "and the edited item's revision")
            #expect(again.last?.modifiedAt != nil)

            let none = try store.sync { s throws(StoreError) in
                try s.feedFingerprint(FeedScope(userID: sam.id, listID: "l1"), today: Self.today)
            }
            #expect(none == nil, "a checklist that is not the user's")
        }
    }
}
