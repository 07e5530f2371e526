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
    /// 200,000 items took 90 ms to rank. Scoring only the newest 2,000 readable matches
    /// bounds that; a query this broad is refined by its next word anyway, and the newest
    /// things are the likelier ones to be looked for. Measured in docs/benchmarks.md.
    public static let searchRankedMatches = 2_000

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
            let walk = try Int64.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid DESC"),
                arguments: [match])
            while readable < Self.searchRankedMatches, let document = try walk.next() {
                walked += 1
                guard reader.reads(document) else { continue }
                readable += 1
                if readable == Self.searchRankedMatches { oldest = document }
            }
            // Every match from `oldest` on was walked: at most `walked - readable` of them are
            // someone else's, so that many more rows than `limit` hold `limit` readable ones.
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT d.list_id, d.item_id, snippet(search_fts, -1, '«', '»', '…', 12), d.rowid
                        FROM search_fts
                        JOIN search_docs d ON d.rowid = search_fts.rowid
                        WHERE search_fts MATCH ? AND search_fts.rowid >= ?
                        ORDER BY bm25(search_fts, 2.0, 1.0)
                        LIMIT ?
                        """), arguments: [match, oldest, limit + walked - readable]
            ).filter { reader.reads($0[3]) }.prefix(limit)
            return try rows.compactMap { row -> SearchHit? in
                let listID: ListID = row[0]
                let itemID: ItemID = row[1]
                if let state = states.use(listID) {
                    let item = itemID.isEmpty ? nil : state.view(of: itemID, now: now)
                    if !itemID.isEmpty, item == nil { return nil }
                    return SearchHit(
                        listID: listID, listTitle: state.list.title, listStatus: state.list.status, item: item,
                        snippet: row[2])
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
                        listID: listID, listTitle: found[extra + 1], listStatus: status, item: nil, snippet: row[2])
                }
                guard let planned = try plannedItem(found, now: now) else { return nil }
                return SearchHit(
                    listID: listID, listTitle: planned.listTitle, listStatus: status, item: planned.view,
                    snippet: row[2])
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
    /// well under 1 µs for FTS5's own rowids (session 11, sqlite3 `.timer`): most of a common
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
