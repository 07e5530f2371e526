import ChecklistCore
import Foundation
import GRDB

extension ChecklistStore {
    /// Every checklist the user takes part in, in view order.
    public func lists(for userID: UserID) throws(StoreError) -> [ListSummary] {
        do {
            let ids = try String.fetchAll(db.cachedStatement(sql: "SELECT list_id FROM participants WHERE user_id = ?"), arguments: [userID])
            var summaries: [ListSummary] = []
            for id in ids {
                guard var state = try state(id) else { continue }
                summaries.append(state.summary(role: state.role(of: userID)))
                states[id] = state
            }
            return ListOrdering.sorted(summaries)
        } catch {
            throw failed(error)
        }
    }

    /// Where a subscriber starts: the events after `since` when they are at most
    /// `replayWindow` behind, else a snapshot (no `since`, `since` past the head, or too far behind).
    public func subscribe(to listID: ListID, for userID: UserID, since: Int64?) throws(StoreError) -> SubscribeOutcome {
        do {
            var state = try visibleState(listID, for: userID)
            let head = state.list.seq
            if let since, since >= 0, since <= head, head - since <= Self.replayWindow {
                let payloads = try Data.fetchAll(
                    db.cachedStatement(sql: "SELECT payload FROM events WHERE list_id = ? AND seq > ? ORDER BY seq"),
                    arguments: [listID, since]
                ).map { [UInt8]($0) }
                if payloads.count == Int(head - since) { return .replay(payloads: payloads, head: head) }
            }
            let snapshot = ChecklistSnapshot(
                summary: state.summary(role: state.role(of: userID)),
                participants: state.orderedParticipants,
                items: state.orderedItemViews()
            )
            states[listID] = state
            return .snapshot(snapshot)
        } catch let error as StoreError {
            throw error
        } catch {
            throw failed(error)
        }
    }

    /// Whether the user still takes part in the checklist (used when their role may have changed).
    public func role(of userID: UserID, in listID: ListID) throws(StoreError) -> Role? {
        do { return try state(listID)?.role(of: userID) } catch { throw failed(error) }
    }
}
