public import ChecklistCore
import Foundation
import GRDB

/// `search`: SQLite FTS5 over checklist titles and descriptions and item titles, notes and
/// locations (`search_docs`, kept in step with every edit in the same transaction).
extension ChecklistStore {
    public static let searchDefaultLimit = 20
    public static let searchMaximumLimit = 100

    /// Best match first (BM25, titles weighing twice the rest), the last word matched as a
    /// prefix, only in checklists the user takes part in; cancelled things included and marked
    /// by their status. Snippets mark matches with « ».
    public func search(_ query: String, for userID: UserID, limit: Int) throws(StoreError) -> [SearchHit] {
        guard let match = Self.matchExpression(query) else {
            throw StoreError.rejected(.badRequest("\"q\" has no words to search for"))
        }
        do {
            try writeChangedRows()
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT d.list_id, d.item_id, snippet(search_fts, -1, '«', '»', '…', 12)
                FROM search_fts
                JOIN search_docs d ON d.rowid = search_fts.rowid
                JOIN participants p ON p.list_id = d.list_id AND p.user_id = ?
                WHERE search_fts MATCH ?
                ORDER BY bm25(search_fts, 2.0, 1.0)
                LIMIT ?
                """), arguments: [userID, match, limit])
            return try rows.compactMap { row -> SearchHit? in
                guard let state = try state(row[0]) else { return nil }
                let itemID: String = row[1]
                let item = itemID.isEmpty ? nil : state.view(of: itemID, now: now)
                if !itemID.isEmpty, item == nil { return nil }
                return SearchHit(listID: state.list.id, listTitle: state.list.title, listStatus: state.list.status, item: item, snippet: row[2])
            }
        } catch {
            throw storeError(error)
        }
    }

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
