import ChecklistCore
import ChecklistStore
import StorageRules
import StoreTestSupport
import Testing

/// Two stores open on one database at once, as two servers on a shared back end: each edit's
/// `seq` comes from the stored row, not a stale cache; reads see the other's edits; an
/// occurrence fires once between them; an opId is one op across them. Only back ends that
/// other servers may share (`isShared`) run these: SQLite refuses a second server.
@Suite struct SharedStoreTests {
    static let shared = StorageBackendKind.allCases.filter(\.isShared)

    /// Two stores open on one fresh database at once.
    static func withTwoStores(_ kind: StorageBackendKind, _ body: (StoreExecutor, StoreExecutor) throws -> Void) throws
    {
        try kind.withLocation { location in
            try kind.withStore(at: location) { first in
                try kind.withStore(at: location) { second in try body(first, second) }
            }
        }
    }

    @Test(arguments: shared)
    func aStaleCacheIsCaughtByTheRowCheckBeforeTheNextSeq(_ kind: StorageBackendKind) throws {
        try Self.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            try first.createList("l", by: olive)
            try first.applied(.edit("l", .addItem(.init(id: "a", title: "A"))), opID: "a", by: olive)
            // The second store caches the checklist at seq 2 ...
            #expect(try second.snapshot("l", for: olive).summary.list.seq == 2)
            // ... the first moves it on ...
            try first.applied(.edit("l", .addItem(.init(id: "b", title: "B"))), opID: "b", by: olive)
            // ... and the second reads it again rather than give out seq 3 twice.
            let next = try second.applied(
                .edit("l", .addItem(.init(id: "c", title: "C"))), opID: "c", by: olive)
            #expect(next.event.seq == 4)
            #expect(try first.snapshot("l", for: olive).items.map(\.item.id) == ["a", "b", "c"])
            #expect(try first.log("l", for: olive).compactMap(StoreFixture.seq) == [1, 2, 3, 4])
            #expect(try second.log("l", for: olive).compactMap(StoreFixture.seq) == [1, 2, 3, 4])
        }
    }

    @Test(arguments: shared)
    func readsSeeTheOtherStoresEdits(_ kind: StorageBackendKind) throws {
        try Self.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            try first.createList("l", by: olive)
            #expect(try second.snapshot("l", for: olive).items.isEmpty)
            try first.applied(.edit("l", .addItem(.init(id: "a", title: "A"))), opID: "a", by: olive)
            let seen = try second.snapshot("l", for: olive)
            #expect(seen.summary.list.seq == 2)
            #expect(seen.items.map(\.item.id) == ["a"])
        }
    }

    @Test(arguments: shared)
    func anOpIDIsOneOpAcrossStores(_ kind: StorageBackendKind) throws {
        try Self.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            try first.createList("l", by: olive)
            try first.applied(.edit("l", .addItem(.init(id: "a", title: "A"))), opID: "op", by: olive)
            guard
                case .duplicate(let ack) = try second.apply(
                    .edit("l", .addItem(.init(id: "x", title: "X"))), opID: "op", by: olive)
            else {
                Issue.record("a resent opId on the other store was applied again")
                return
            }
            #expect(ack.seq == 2)
            #expect(try second.snapshot("l", for: olive).items.map(\.item.id) == ["a"])
        }
    }

    @Test(arguments: shared)
    func anOccurrenceFiresOnceBetweenTwoStores(_ kind: StorageBackendKind) throws {
        try Self.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            try first.createList("l", by: olive)
            let added = try first.applied(
                .edit("l", .addItem(Edit.NewItem(id: "hw", title: "HW", remindEvery: 3_600))), opID: "a",
                by: olive)
            let since = try #require(added.event.changes.items.first?.item.remindEverySince)
            let due = Timestamp(milliseconds: since.milliseconds + 3_600_000)
            let occurrence = ScheduledReminder.occurrence(
                ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: due))
            let fire = { (store: StoreExecutor) in
                try store.sync { s throws(StoreError) in try s.fireReminders([occurrence], now: due) }.fired
            }
            #expect(try fire(second) + fire(first) == 1, "one of the two fires it, once")
        }
    }
}
