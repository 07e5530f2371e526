public import ChecklistCore
import Foundation
import GRDB

extension ChecklistStore {
    /// Every checklist the user takes part in, in view order.
    public func lists(for userID: UserID) throws(StoreError) -> [ListSummary] {
        do {
            let ids = try ListID.fetchAll(
                db.cachedStatement(sql: "SELECT list_id FROM participants WHERE user_id = ?"), arguments: [userID])
            var summaries: [ListSummary] = []
            for id in ids {
                guard let state = try state(id) else { continue }
                summaries.append(summary(of: id, state: state, for: userID))
            }
            return ListOrdering.sorted(summaries)
        } catch {
            throw failed(error)
        }
    }

    /// Where a subscriber starts: the events after `since`, appended to `sink`, when they
    /// are at most `replayWindow` behind; else a snapshot (no `since`, `since` past the head,
    /// too far behind, or a log that is not complete).
    public func subscribe<Sink: ReplaySink>(
        to listID: ListID, for userID: UserID, since: Int64?, replayingInto sink: inout Sink
    ) throws(StoreError) -> SubscribeOutcome {
        do {
            let state = try visibleState(listID, for: userID)
            let head = state.list.seq
            if let since, since >= 0, since <= head, head - since <= Self.replayWindow {
                if try replay(listID, after: since, through: head, into: &sink) {
                    return .replay(count: Int(head - since), head: head)
                }
                sink.removeAll()
            }
            return .snapshot(
                ChecklistSnapshot(
                    summary: summary(of: listID, state: state, for: userID),
                    participants: state.orderedParticipants,
                    items: state.orderedItemViews(now: now)
                ))
        } catch {
            throw storeError(error)
        }
    }

    /// The logged events of `listID` after `since`, appended to `sink` in order while they
    /// fit in `maxBytes` (always at least one, if there is one), for a subscriber that had no
    /// room for them when they were live. Returns the last seq appended (`since` when none)
    /// and the checklist's head; an event missing from the log is a failure.
    public func events<Sink: ReplaySink>(
        of listID: ListID, after since: Int64, maxBytes: Int, into sink: inout Sink
    ) throws(StoreError) -> (last: Int64, head: Int64) {
        do {
            guard let head = try state(listID)?.list.seq else {
                throw StoreError.rejected(.notFound("no such checklist"))
            }
            let select = try statements().selectEvents
            select.bind(1, listID)
            select.bind(2, since)
            var last = since
            var bytes = 0
            try select.forEachRow { row in
                let payload = row.blob(1)
                guard row.int64(0) == last + 1, last == since || bytes + payload.count <= maxBytes else { return false }
                sink.append(payload)
                bytes += payload.count
                last += 1
                return last < head
            }
            guard last == head || bytes > 0 else {
                throw StoreError.failure("event \(last + 1) of checklist \(listID) is missing from the log")
            }
            return (last, head)
        } catch {
            throw storeError(error)
        }
    }

    /// Appends the stored events `since + 1 … head` to `sink`; `false` when one is missing.
    private func replay<Sink: ReplaySink>(
        _ listID: ListID, after since: Int64, through head: Int64, into sink: inout Sink
    ) throws -> Bool {
        let select = try statements().selectEvents
        select.bind(1, listID)
        select.bind(2, since)
        var expected = since + 1
        try select.forEachRow { row in
            guard row.int64(0) == expected else { return false }
            sink.append(row.blob(1))
            expected += 1
            return expected <= head
        }
        return expected == head + 1
    }

    /// The reader's SUMMARY; a habit checklist's carries every participant's standing today
    /// (the cached state keeps the ledgers that make it cheap).
    func summary(of id: ListID, state: ChecklistState, for userID: UserID) -> ListSummary {
        var summary = state.summary(role: state.role(of: userID))
        guard state.list.kind == .habits, var cached = states[id] else { return summary }
        summary.habits = cached.habitStatistics(at: now)
        states[id] = cached
        return summary
    }

    /// A habit checklist's history, for any participant who can read it.
    public func history(of listID: ListID, for userID: UserID, from: CivilDate, to: CivilDate, username: String?)
        throws(StoreError) -> [ChecklistState.HistoryDay]
    {
        do {
            let state = try visibleState(listID, for: userID)
            guard state.list.kind == .habits else {
                throw StoreError.rejected(
                    .badRequest("history is for habit checklists; this one is an ordinary checklist"))
            }
            if let username, state.participantUsername(matching: username) == nil {
                throw StoreError.rejected(.notFound("\(username) is not a participant of this checklist"))
            }
            return state.history(from: from, to: to, username: username, now: now)
        } catch {
            throw storeError(error)
        }
    }

    /// Whether the user still takes part in the checklist (used when their role may have changed).
    public func role(of userID: UserID, in listID: ListID) throws(StoreError) -> Role? {
        do { return try state(listID)?.role(of: userID) } catch { throw failed(error) }
    }
}
