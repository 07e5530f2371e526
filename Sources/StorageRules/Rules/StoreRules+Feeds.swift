public import ChecklistCore
public import ChecklistStore

/// Calendar feeds: secret URLs by the hash of their token, and the dated items behind them.
extension StoreRules {
    /// Items due longer ago than this are left out of a feed unless still open.
    public static let feedPastDays = 92
    /// At most this many items per feed (the latest dues win): calendar apps slow down on more.
    public static let feedMaximumEntries = 5_000

    public func feedGeneration(for userID: UserID, listID: ListID?, rotate: Bool, hashOf: (Int) -> [UInt8])
        throws(StoreError) -> Int
    {
        do {
            if let listID { _ = try visibleState(listID, for: userID) }
            let current = try port.feedToken(.scope(userID, listID))?.generation
            let generation = (current ?? 0) + (rotate ? 1 : 0)
            try port.write(
                .feedToken(
                    StoredFeedToken(
                        tokenHash: hashOf(generation), userID: userID, listID: listID, generation: generation),
                    at: now))
            return generation
        } catch {
            throw storeError(error)
        }
    }

    public func feedScope(forTokenHash tokenHash: [UInt8]) throws(StoreError) -> FeedScope? {
        do {
            guard let token = try port.feedToken(.hash(tokenHash)) else { return nil }
            return FeedScope(userID: token.userID, listID: token.listID)
        } catch {
            throw storeError(error)
        }
    }

    /// What the feed's content depends on, cheaply: each included checklist's id and head
    /// (every edit moves it), the user's zone and `today`. `nil` when the scope's checklist is
    /// no longer the user's to read.
    public func feedFingerprint(_ scope: FeedScope, today: CivilDate) throws(StoreError) -> FeedFingerprint? {
        do {
            try flushPendingWrites()
            let included = try port.memberships(of: scope.userID).filter { membership in
                if let listID = scope.listID { return membership.listID == listID }
                return membership.status != .cancelled && membership.kind != .habits
            }.sorted { $0.listID < $1.listID }
            if scope.listID != nil, included.isEmpty { return nil }
            let zone = try account(id: scope.userID)?.timeZone ?? "UTC"
            return FeedFingerprint(
                text: included.map { "\($0.listID):\($0.head)" }.joined(separator: ",") + "|\(zone)|\(today)",
                lists: included.map(\.listID))
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
                try port.scanItems(
                    .dated(in: listID), checklist: { _ in },
                    item: { row in
                        guard let item = state.items[row.item.id], let due = item.due else { return }
                        guard item.status == .open || due.sortKey >= oldest else { return }
                        entries.append(
                            CalendarFeed.Entry(
                                listID: listID, listTitle: state.list.title, listTimeZone: state.list.timeZone,
                                item: item, revision: row.revision, modifiedAt: row.modifiedAt ?? item.createdAt
                            ))
                    })
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
}
