public import ChecklistCore
public import ChecklistStore
import Foundation
import GRDB

/// `search`: SQLite FTS5 over checklist titles and descriptions and item titles, notes and
/// locations (`search_docs`, kept in step with every batch's rows in the same transaction).
extension SQLiteStorage {
    /// How many of a query's matches are ranked at most: the most recently created ones.
    ///
    /// Why: FTS5 scores every match before `LIMIT` applies, and a word found in 18,000 of
    /// 200,000 items took 90 ms to rank. Scoring only the newest readable matches bounds
    /// that; a query this broad is refined by its next word anyway, and the newest things are
    /// the likelier ones to be looked for. 1,000 rather than 2,000: once the joins were gone,
    /// scoring (BM25 reads each match's sizes) was most of a broad search, and halving it took
    /// search p99 from 22–24 to 19–20 ms (docs/benchmarks.md).
    public static let searchRankedMatches = 1_000

    /// Best match first (BM25, titles weighing twice the rest) among the newest
    /// `searchRankedMatches` readable matches.
    public func search(_ words: [String], for userID: UserID, limit: Int, rowFor: (ListID) -> Bool)
        throws(StorageFailure) -> [SearchMatch]
    {
        try guarded {
            let match = Self.matchExpression(words)
            try catchUpSearchDocuments()
            let readable = try readableSlots(of: userID)
            // The oldest document worth ranking: the N-th newest readable match, when there are
            // more than N. FTS5 walks its index newest first and takes a rowid bound natively.
            var oldest: Int64 = 0
            var readableCount = 0
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
                    guard searchDocuments.reads(document, readable) else { continue }
                    readableCount += 1
                    if readableCount == Self.searchRankedMatches {
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
                        SELECT rowid, CAST(snippet(search_fts, -1, '«', '»', '…', 12) AS BLOB)
                        FROM search_fts
                        WHERE search_fts MATCH ? AND rowid >= ?
                        ORDER BY bm25(search_fts, 2.0, 1.0)
                        LIMIT ?
                        """), arguments: [match, oldest, limit + walked - readableCount]
            ).filter { searchDocuments.reads($0[0], readable) }.prefix(limit)
            let document = try db.cachedStatement(sql: "SELECT list_id, item_id FROM search_docs WHERE rowid = ?")
            return try ranked.compactMap { hit -> SearchMatch? in
                guard let row = try Row.fetchOne(document, arguments: [hit[0] as Int64]) else { return nil }
                let listID: ListID = row[0]
                let itemID: ItemID = row[1]
                let item = itemID.isEmpty ? nil : itemID
                let snippet = RowCodec.text(hit, 1) ?? ""
                guard rowFor(listID) else {
                    return SearchMatch(listID: listID, itemID: item, snippet: snippet, row: nil)
                }
                // The hit's own rows, not its whole checklist.
                guard
                    let found = try Row.fetchOne(
                        db.cachedStatement(sql: Self.searchHitQuery), arguments: [itemID, listID])
                else { return nil }
                let extra = RowCodec.itemColumnCount
                let matched = MatchedRow(
                    item: found.hasNull(atIndex: 0) ? nil : RowCodec.item(found),
                    listTitle: RowCodec.text(found, extra + 1) ?? "",
                    listTimeZone: found[extra + 2] ?? "UTC",
                    listStatus: ListStatus(rawValue: found[extra + 3]) ?? .active,
                    standsAlone: found[extra + 4])
                return SearchMatch(listID: listID, itemID: item, snippet: snippet, row: matched)
            }
        }
    }

    /// The numbers of the checklists a user takes part in (any role reads), held once asked for.
    private func readableSlots(of userID: UserID) throws -> Set<Int32> {
        if let known = searchDocuments.readableSlots(of: userID) { return known }
        let ids = try ListID.fetchAll(
            db.cachedStatement(sql: "SELECT list_id FROM participants WHERE user_id = ?"), arguments: [userID])
        searchDocuments.setReadable(ids, of: userID)
        return searchDocuments.readableSlots(of: userID) ?? []
    }

    /// Learns which checklist each search document added since the last call is in.
    ///
    /// Documents get increasing rowids and are never deleted, so the ones not seen yet are
    /// those past the last one seen: at start that is every document (about 0.2 s for
    /// 205,000), after that the few a batch added.
    func catchUpSearchDocuments() throws {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT rowid, list_id FROM search_docs WHERE rowid >= ? ORDER BY rowid"),
            arguments: [searchDocuments.knownDocuments])
        while let row = try rows.next() { searchDocuments.document(row[0], in: row[1]) }
    }

    /// Learns every document's checklist as the store opens, so that the first search after a
    /// start does not pay for it. A file that cannot be read now is learnt at the first search.
    func loadSearchDocuments() {
        _ = try? database.inDatabase { db in
            batchDatabase = db
            defer { batchDatabase = nil }
            try catchUpSearchDocuments()
        }
    }

    /// One hit's checklist (`?` 2) and item (`?` 1; no item row for a checklist's own hit):
    /// the item's columns, then the checklist's id, title, zone and status, and whether the
    /// item stands alone (the `items_children` index answers "no children").
    static let searchHitQuery = """
        SELECT \(RowCodec.itemColumns(of: "i.")), l.id, CAST(l.title AS BLOB), l.tz, l.status,
            l.sequential = 0 AND i.parent IS NULL AND NOT EXISTS (
                SELECT 1 FROM items c INDEXED BY items_children WHERE c.list_id = i.list_id AND c.parent = i.id)
        FROM lists l LEFT JOIN items i ON i.list_id = l.id AND i.id = ?
        WHERE l.id = ?
        """

    /// The user's words as an FTS5 expression: each word quoted (so nothing they type is
    /// syntax: `"`, `*`, `AND`, `NEAR(`…), all of them required, the last one a prefix.
    static func matchExpression(_ words: [String]) -> String {
        words.enumerated().map { index, word in
            let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return index == words.count - 1 ? quoted + "*" : quoted
        }.joined(separator: " ")
    }
}
