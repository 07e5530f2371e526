public import ChecklistCore
import Foundation
import GRDB

/// `search`: SQLite FTS5 over checklist titles and descriptions and item titles, notes and
/// locations (`search_docs`, kept in step with every edit in the same transaction).
extension ChecklistStore {
    public static let searchDefaultLimit = 20
    public static let searchMaximumLimit = 100

    /// How many of a query's matches are ranked at most: the most recently created ones.
    ///
    /// Why: FTS5 scores every match before `LIMIT` applies, and a word found in 18,000 of
    /// 200,000 items took 90 ms to rank. Scoring only the newest readable matches bounds
    /// that; a query this broad is refined by its next word anyway, and the newest things are
    /// the likelier ones to be looked for. 1,000 rather than the first bound, 2,000: once the joins
    /// were gone, scoring (BM25 reads each match's sizes) was most of a broad search, and
    /// halving it took search p99 from 22–24 to 19–20 ms (docs/benchmarks.md, "Search").
    public static let searchRankedMatches = 1_000

    /// Best match first (BM25, titles weighing twice the rest) among the newest
    /// `searchRankedMatches` matches, the last word matched as a prefix, only in checklists the
    /// user takes part in; cancelled things included and marked by their status. Snippets
    /// mark matches with « ».
    public func search(_ query: String, for userID: UserID, limit: Int) throws(StoreError) -> [SearchHit] {
        guard let match = Self.matchExpression(query) else {
            throw StoreError.rejected(.badRequest("\"q\" has no words to search for"))
        }
        do {
            try writeChangedRows()
            try preparePlanningIndex()
            try catchUpDocumentSlots()
            let reader = try SearchReader(
                readable: readableSlots(of: userID), documentSlots: planning?.documentSlots ?? [])
            // The oldest document worth ranking: the N-th newest readable match, when there are
            // more than N. FTS5 walks its index newest first and takes a rowid bound natively.
            var oldest: Int64 = 0
            var readable = 0
            var walked = 0
            // In chunks with a LIMIT: without one, FTS5 prepared the whole of a common word's
            // matches for the walk newest first (4.9 ms for 180,000, against 0.6 ms for the
            // 1,000 newest; sqlite3 `.timer`). A first chunk of N is enough when the reader may
            // see every match; someone else's matches make it walk on, four times further each time.
            var before = Int64.max
            var chunk = Self.searchRankedMatches
            walking: while true {
                let rowids = try Int64.fetchCursor(
                    db.cachedStatement(
                        sql: """
                            SELECT rowid FROM search_fts WHERE search_fts MATCH ? AND rowid < ?
                            ORDER BY rowid DESC LIMIT ?
                            """), arguments: [match, before, chunk])
                var seen = 0
                while let document = try rowids.next() {
                    seen += 1
                    walked += 1
                    before = document
                    guard reader.reads(document) else { continue }
                    readable += 1
                    if readable == Self.searchRankedMatches {
                        oldest = document
                        break walking
                    }
                }
                if seen < chunk { break }
                chunk *= 4
            }
            // Every match from `oldest` on was walked: at most `walked - readable` of them are
            // someone else's, so that many more rows than `limit` hold `limit` readable ones.
            // Ranked by rowid alone: joining `search_docs` here would seek once per match
            // scored, not once per hit.
            let ranked = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT rowid, snippet(search_fts, -1, '«', '»', '…', 12)
                        FROM search_fts
                        WHERE search_fts MATCH ? AND rowid >= ?
                        ORDER BY bm25(search_fts, 2.0, 1.0)
                        LIMIT ?
                        """), arguments: [match, oldest, limit + walked - readable]
            ).filter { reader.reads($0[0]) }.prefix(limit)
            let document = try db.cachedStatement(sql: "SELECT list_id, item_id FROM search_docs WHERE rowid = ?")
            let rows = try ranked.compactMap { hit -> (ListID, ItemID, String)? in
                guard let row = try Row.fetchOne(document, arguments: [hit[0] as Int64]) else { return nil }
                return (row[0], row[1], hit[1])
            }
            return try rows.compactMap { listID, itemID, snippet -> SearchHit? in
                if let state = states.use(listID) {
                    let item = itemID.isEmpty ? nil : state.view(of: itemID, now: now)
                    if !itemID.isEmpty, item == nil { return nil }
                    return SearchHit(
                        listID: listID, listTitle: state.list.title, listStatus: state.list.status, item: item,
                        snippet: snippet)
                }
                // Not in memory: the hit's own rows (`plannedItem`), not its whole checklist.
                guard
                    let found = try Row.fetchOne(
                        db.cachedStatement(sql: Self.searchHitQuery), arguments: [itemID, listID])
                else { return nil }
                let extra = RowCodec.itemColumnCount
                let status = ListStatus(rawValue: found[extra + 3]) ?? .active
                guard !itemID.isEmpty else {
                    return SearchHit(
                        listID: listID, listTitle: found[extra + 1], listStatus: status, item: nil, snippet: snippet)
                }
                guard let planned = try plannedItem(found, now: now) else { return nil }
                return SearchHit(
                    listID: listID, listTitle: planned.listTitle, listStatus: status, item: planned.view,
                    snippet: snippet)
            }
        } catch {
            throw storeError(error)
        }
    }

    /// Whether a search document is in a checklist the reader takes part in, from the
    /// planning index: which checklist each document is in, and who reads what.
    ///
    /// Why not joins in SQL: walking 2,000 matches joined with `search_docs` (for the
    /// checklist) and `participants` (a 72-byte text key) cost 2 to 4 µs a match, against
    /// well under 1 µs for FTS5's own rowids (sqlite3 `.timer`, measured for 0.11.0): most of a common
    /// word's search.
    struct SearchReader {
        let readable: Set<Int>
        let documentSlots: [Int32]

        func reads(_ document: Int64) -> Bool {
            guard document >= 0, document < documentSlots.count else { return false }
            let slot = documentSlots[Int(document)]
            return slot >= 0 && readable.contains(Int(slot))
        }
    }

    /// One hit's checklist (`?` 2) and item (`?` 1; no item row for a checklist's own hit), as
    /// `plannedItem` reads them.
    static let searchHitQuery = """
        SELECT \(RowCodec.itemColumns(of: "i.")), \(plannedChecklistColumns)
        FROM lists l LEFT JOIN items i ON i.list_id = l.id AND i.id = ?
        WHERE l.id = ?
        """

    /// The user's words as an FTS5 expression: each word quoted (so nothing they type is
    /// syntax: `"`, `*`, `AND`, `NEAR(`…), all of them required, the last one a prefix.
    static func matchExpression(_ query: String) -> String? {
        let words = query.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard !words.isEmpty else { return nil }
        return words.enumerated().map { index, word in
            let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return index == words.count - 1 ? quoted + "*" : quoted
        }.joined(separator: " ")
    }
}
