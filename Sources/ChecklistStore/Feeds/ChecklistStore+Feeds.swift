public import ChecklistCore
import Foundation
import GRDB

/// Calendar feeds: secret URLs by the hash of their token, and the dated items behind them.
extension ChecklistStore {
    /// Items due longer ago than this are left out of a feed unless still open.
    public static let feedPastDays = 92
    /// At most this many items per feed (the latest dues win): calendar apps slow down on more.
    public static let feedMaximumEntries = 5_000

    public func feedGeneration(for userID: UserID, listID: ListID?, rotate: Bool, hashOf: (Int) -> [UInt8])
        throws(StoreError) -> Int
    {
        do {
            if let listID { _ = try visibleState(listID, for: userID) }
            let scope = listID ?? ""
            let current = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT generation FROM feed_tokens WHERE user_id = ? AND list_id = ?"),
                arguments: [userID, scope])
            let generation = (current ?? 0) + (rotate ? 1 : 0)
            try db.cachedStatement(
                sql: """
                    INSERT INTO feed_tokens (token_hash, user_id, list_id, generation, created_at) VALUES (?,?,?,?,?)
                    ON CONFLICT (user_id, list_id) DO UPDATE SET token_hash = excluded.token_hash,
                        generation = excluded.generation, created_at = excluded.created_at
                        WHERE token_hash != excluded.token_hash
                    """
            ).execute(arguments: [Data(hashOf(generation)), userID, scope, generation, now.milliseconds])
            return generation
        } catch {
            throw storeError(error)
        }
    }

    public func feedScope(forTokenHash tokenHash: [UInt8]) throws(StoreError) -> FeedScope? {
        do {
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT user_id, list_id FROM feed_tokens WHERE token_hash = ?"),
                    arguments: [Data(tokenHash)])
            else {
                return nil
            }
            let listID: ListID = row[1]
            return FeedScope(userID: row[0], listID: listID.isEmpty ? nil : listID)
        } catch {
            throw storeError(error)
        }
    }

    /// What the feed's content depends on, cheaply: each included checklist's id and head
    /// (every edit moves it), the user's zone and `today`. `nil` when the scope's checklist is
    /// no longer the user's to read.
    public func feedFingerprint(_ scope: FeedScope, today: CivilDate) throws(StoreError) -> FeedFingerprint? {
        do {
            try writeChangedRows()
            let rows = try feedLists(scope)
            if scope.listID != nil, rows.isEmpty { return nil }
            let zone = try account(id: scope.userID)?.timeZone ?? "UTC"
            return FeedFingerprint(
                text: rows.map { "\($0.id):\($0.seq)" }.joined(separator: ",") + "|\(zone)|\(today)",
                lists: rows.map(\.id))
        } catch {
            throw storeError(error)
        }
    }

    /// The calendar's name and its entries (dated items of readable, live checklists; habit
    /// checklists left out), ordered by due. Called in the same store job as
    /// `feedFingerprint`, whose checklists it reads.
    public func feedEntries(_ scope: FeedScope, of fingerprint: FeedFingerprint, today: CivilDate) throws(StoreError)
        -> (name: String, entries: [CalendarFeed.Entry])
    {
        do {
            let oldest = today.addingDays(-Self.feedPastDays).startOfDayUTC
            var entries: [CalendarFeed.Entry] = []
            for listID in fingerprint.lists {
                guard let state = try state(listID), state.list.status != .cancelled, state.list.kind != .habits else {
                    continue
                }
                let rows = try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT id, revision, modified_at FROM items WHERE list_id = ? AND due IS NOT NULL
                            """), arguments: [listID])
                for row in rows {
                    guard let item = state.items[row[0]], let due = item.due else { continue }
                    guard item.status == .open || due.sortKey >= oldest else { continue }
                    let modified: Int64? = row[2]
                    entries.append(
                        CalendarFeed.Entry(
                            listID: listID, listTitle: state.list.title, listTimeZone: state.list.timeZone, item: item,
                            revision: row[1], modifiedAt: modified.map(Timestamp.init(milliseconds:)) ?? item.createdAt
                        ))
                }
            }
            entries.sort {
                ($0.item.due!.sortKey, $0.listID, $0.item.id) < ($1.item.due!.sortKey, $1.listID, $1.item.id)
            }
            if entries.count > Self.feedMaximumEntries { entries.removeFirst(entries.count - Self.feedMaximumEntries) }
            let name: String
            if let listID = scope.listID, let state = try state(listID) {
                name = state.list.title
            } else {
                name = "Checkwire — " + (try account(id: scope.userID)?.username ?? "")
            }
            return (name, entries)
        } catch {
            throw storeError(error)
        }
    }

    /// The checklists a feed covers: the one named, or all the user takes part in.
    private func feedLists(_ scope: FeedScope) throws -> [(id: ListID, seq: Int64)] {
        let rows: [Row]
        if let listID = scope.listID {
            rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT l.id, l.seq FROM participants p JOIN lists l ON l.id = p.list_id WHERE p.user_id = ? AND p.list_id = ?
                        """), arguments: [scope.userID, listID])
        } else {
            rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT l.id, l.seq FROM participants p JOIN lists l ON l.id = p.list_id
                        WHERE p.user_id = ? AND l.status != 'cancelled' AND l.kind != 'habits' ORDER BY l.id
                        """), arguments: [scope.userID])
        }
        return rows.map { (id: $0[0], seq: $0[1]) }
    }
}
