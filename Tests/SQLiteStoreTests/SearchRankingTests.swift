import ChecklistCore
import ChecklistStore
import StoreTestSupport
import Testing
import StorageRules
import SQLiteStore

/// How far `search` ranks: a word found in more than `searchRankedMatches` readable
/// documents is ranked among the newest of them only (the bound that keeps a common word's
/// search fast), and a narrower query still finds the older ones.
@Suite struct SearchRankingTests {
    @Test func aCommonWordIsRankedAmongTheNewestMatches() throws {
        let limit = SQLiteStorage.searchRankedMatches
        try StoreFixture.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", title: "Orchard", by: olive)
            // The oldest 50 match "plum" best (it is their whole title, three times over); a later
            // batch adds as many weaker matches as are ranked. (Documents get their rowids when a
            // batch commits, so "newest" is by batch.)
            for (range, title) in [
                (0..<50, "plum plum plum"), (50..<(limit + 50), "picked a plum with pears and figs"),
            ] {
                try store.sync { storage throws(StoreError) in
                    for n in range {
                        let new = Edit.NewItem(id: ItemID("i\(n)"), title: "\(title) \(n)")
                        _ = try storage.apply(.edit("l1", .addItem(new)), opID: "add-\(n)", by: olive.actor)
                    }
                }
            }
            let common = try store.sync { storage throws(StoreError) in
                try storage.search("plum", for: olive.id, limit: 20)
            }
            #expect(common.count == 20)
            #expect(
                common.allSatisfy { $0.item?.item.title.hasPrefix("picked") == true },
                "ranked among the newest \(limit) only")

            // Fewer matches than the bound: every one is ranked, so the best comes first.
            let narrow = try store.sync { storage throws(StoreError) in
                try storage.search("plum 7", for: olive.id, limit: 5)
            }
            #expect(narrow.first?.item?.item.title == "plum plum plum 7", "\(narrow.map { $0.item?.item.title ?? "" })")
        }
    }

    @Test func theBoundCountsOnlyWhatTheReaderMaySee() throws {
        try StoreFixture.withStore { store in
            let olive = try store.signUp("olive")
            let sam = try store.signUp("sam")
            try store.createList("mine", title: "Mine", by: sam)
            try store.sync { storage throws(StoreError) in
                _ = try storage.apply(
                    .edit("mine", .addItem(Edit.NewItem(id: "s1", title: "quince jam"))), opID: "s-add", by: sam.actor)
            }
            // Someone else's newer matches, more than the bound: they must not push sam's out.
            try store.createList("theirs", title: "Theirs", by: olive)
            try store.sync { storage throws(StoreError) in
                for n in 0..<(SQLiteStorage.searchRankedMatches + 10) {
                    _ = try storage.apply(
                        .edit("theirs", .addItem(Edit.NewItem(id: ItemID("o\(n)"), title: "quince \(n)"))),
                        opID: "o-\(n)", by: olive.actor)
                }
            }
            let hits = try store.sync { storage throws(StoreError) in
                try storage.search("quince", for: sam.id, limit: 20)
            }
            #expect(hits.map { $0.item?.item.id } == ["s1"])
        }
    }
}
