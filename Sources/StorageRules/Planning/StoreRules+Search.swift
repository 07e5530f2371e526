public import ChecklistCore
public import ChecklistStore

/// `search`: the back end finds and ranks the matches among the checklists the user takes
/// part in (`StoragePort.search`); the rules make each hit what a reader sees of it.
///
/// A hit in a checklist held in memory takes its view from the state. Otherwise it is built
/// from its row when the item stands alone (no parent, no children, in a checklist that is not
/// sequential: `ItemView.standalone` needs nothing more), so that a search does not load the
/// whole checklist of every hit; other items still take their view from their checklist,
/// loaded if need be, which decides completion and availability.
extension StoreRules {
    public static let searchDefaultLimit = 20
    public static let searchMaximumLimit = 100

    /// Best match first, the last word matched as a prefix, only in checklists the user takes
    /// part in; cancelled things included and marked by their status. Snippets mark matches
    /// with « ».
    public func search(_ query: String, for userID: UserID, limit: Int) throws(StoreError) -> [SearchHit] {
        let words = Self.searchWords(query)
        guard !words.isEmpty else { throw StoreError.rejected(.badRequest("\"q\" has no words to search for")) }
        do {
            // The back end reads the rows: this batch's earlier changes must be in them.
            try flushPendingWrites()
            let matches = try port.search(words, for: userID, limit: limit, rowFor: { !states.contains($0) })
            return try matches.compactMap { match throws(StorageFailure) -> SearchHit? in try hit(match) }
        } catch {
            throw storeError(error)
        }
    }

    private func hit(_ match: SearchMatch) throws(StorageFailure) -> SearchHit? {
        let listID = match.listID
        if let state = states.use(listID) {
            let item = match.itemID.flatMap { state.view(of: $0, now: now) }
            if match.itemID != nil, item == nil { return nil }
            return SearchHit(
                listID: listID, listTitle: state.list.title, listStatus: state.list.status, item: item,
                snippet: match.snippet)
        }
        guard let row = match.row else {
            // Not asked for its row (it was in memory then): from the checklist.
            guard let state = try state(listID) else { return nil }
            let item = match.itemID.flatMap { state.view(of: $0, now: now) }
            if match.itemID != nil, item == nil { return nil }
            return SearchHit(
                listID: listID, listTitle: state.list.title, listStatus: state.list.status, item: item,
                snippet: match.snippet)
        }
        guard match.itemID != nil else {
            return SearchHit(
                listID: listID, listTitle: row.listTitle, listStatus: row.listStatus, item: nil, snippet: match.snippet)
        }
        guard let item = row.item else { return nil }
        if row.standsAlone {
            return SearchHit(
                listID: listID, listTitle: row.listTitle, listStatus: row.listStatus,
                item: .standalone(item, checklistTimeZone: row.listTimeZone, now: now), snippet: match.snippet)
        }
        // Under a parent, over children or in a sequential checklist: the checklist decides.
        guard let state = try state(listID), let view = state.view(of: item.id, now: now) else { return nil }
        return SearchHit(
            listID: listID, listTitle: state.list.title, listStatus: row.listStatus, item: view,
            snippet: match.snippet)
    }

    /// The words of a query: runs of letters and digits; everything else separates them.
    static func searchWords(_ query: String) -> [String] {
        query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
