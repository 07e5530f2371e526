public import ChecklistCore
public import ChecklistStore
import Foundation

/// `search`: PostgreSQL full-text search over checklist titles and descriptions and item
/// titles, notes and locations (`search_docs`, a `tsvector` under a GIN index, kept in step
/// with every batch's rows in the same transaction).
extension PostgresStorage {
    /// Every word required, the last one as a prefix; titles weigh more than the rest; among
    /// equal ranks the newest document first. The snippet is of the field that matches (the
    /// title, else the notes and location), matches marked « » as SQLite's is.
    public func search(_ words: [String], for userID: UserID, limit: Int, rowFor: (ListID) -> Bool)
        throws(StorageFailure) -> [SearchMatch]
    {
        guard let query = Self.tsquery(words) else { return [] }
        let hits = try link.query(
            """
            SELECT d.list_id, d.item_id, ts_headline('simple',
                CASE WHEN to_tsvector('simple', d.title) @@ q THEN d.title
                    WHEN to_tsvector('simple', d.body) @@ q THEN d.body
                    ELSE d.title || ' ' || d.body END, q,
                'StartSel=«, StopSel=», MaxWords=12, MinWords=3, ShortWord=0, MaxFragments=1, FragmentDelimiter=…')
            FROM search_docs d JOIN participants p ON p.list_id = d.list_id AND p.user_id = $2,
                to_tsquery('simple', $1) q
            WHERE d.document @@ q
            ORDER BY ts_rank(d.document, q, 0) DESC, d.id DESC
            LIMIT $3
            """, [.text(query), .id(userID), .int(Int64(limit))])
        var matches: [SearchMatch] = []
        for hit in hits {
            let listID: ListID = hit.id(0)
            let itemID = hit.string(1)
            let item = itemID.isEmpty ? nil : ItemID(itemID)
            let snippet = hit.string(2)
            guard rowFor(listID) else {
                matches.append(SearchMatch(listID: listID, itemID: item, snippet: snippet, row: nil))
                continue
            }
            guard
                let found = try link.query(
                    """
                    SELECT \(PostgresRows.itemColumns(of: "i.")), l.id, l.title, l.tz, l.status,
                        NOT l.sequential AND i.parent IS NULL AND NOT EXISTS (
                            SELECT 1 FROM items c WHERE c.list_id = i.list_id AND c.parent = i.id)
                    FROM lists l LEFT JOIN items i ON i.list_id = l.id AND i.id = $1
                    WHERE l.id = $2
                    """, [.text(itemID), .id(listID)]
                ).first
            else { continue }
            let extra = PostgresRows.itemColumnCount
            let matched = MatchedRow(
                item: found.text(0) == nil ? nil : PostgresRows.item(found), listTitle: found.string(extra + 1),
                listTimeZone: found.text(extra + 2) ?? "UTC",
                listStatus: ListStatus(rawValue: found.string(extra + 3)) ?? .active, standsAlone: found.bool(extra + 4)
            )
            matches.append(SearchMatch(listID: listID, itemID: item, snippet: snippet, row: matched))
        }
        return matches
    }

    /// The words as a `to_tsquery` text: each split where the text search parser would split
    /// it (anything but letters and digits), lower-cased, all required, the very last a
    /// prefix. Only letters and digits reach the query, so nothing typed is syntax. `nil` when
    /// no word is left.
    static func tsquery(_ words: [String]) -> String? {
        let tokens = words.flatMap { word in
            word.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        }
        guard !tokens.isEmpty else { return nil }
        return tokens.enumerated().map { index, token in
            index == tokens.count - 1 ? "'\(token)':*" : "'\(token)'"
        }.joined(separator: " & ")
    }
}
