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
            // The oldest document worth ranking: the N-th newest readable match, when there are
            // more than N. FTS5 walks its index newest first and takes a rowid bound natively.
            let oldest =
                try Int64.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT search_fts.rowid FROM search_fts
                            JOIN search_docs d ON d.rowid = search_fts.rowid
                            JOIN participants p ON p.list_id = d.list_id AND p.user_id = ?
                            WHERE search_fts MATCH ?
                            ORDER BY search_fts.rowid DESC
                            LIMIT 1 OFFSET ?
                            """), arguments: [userID, match, Self.searchRankedMatches - 1]) ?? 0
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT d.list_id, d.item_id, snippet(search_fts, -1, '«', '»', '…', 12)
                        FROM search_fts
                        JOIN search_docs d ON d.rowid = search_fts.rowid
                        JOIN participants p ON p.list_id = d.list_id AND p.user_id = ?
                        WHERE search_fts MATCH ? AND search_fts.rowid >= ?
                        ORDER BY bm25(search_fts, 2.0, 1.0)
                        LIMIT ?
                        """), arguments: [userID, match, oldest, limit])
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
