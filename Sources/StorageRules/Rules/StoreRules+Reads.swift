public import ChecklistCore
public import ChecklistStore

extension StoreRules {
    /// Every checklist the user takes part in, in view order.
    public func lists(for userID: UserID) throws(StoreError) -> [ListSummary] {
        do {
            try flushMembershipChanges()
            var summaries: [ListSummary] = []
            for membership in try port.memberships(of: userID) {
                guard let state = try state(membership.listID) else { continue }
                summaries.append(summary(of: membership.listID, state: state, for: userID))
            }
            return ListOrdering.sorted(summaries)
        } catch {
            throw storeError(error)
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

    /// The stored events `after + 1 … through` of a checklist, appended to `sink`, whoever
    /// asks: for a server that must fill a gap in what reached it from elsewhere, for
    /// checklists its subscribers already read. `false` when one of them is missing.
    public func events<Sink: ReplaySink>(of listID: ListID, after: Int64, through: Int64, into sink: inout Sink)
        throws(StoreError) -> Bool
    {
        do { return try replay(listID, after: after, through: through, into: &sink) } catch { throw storeError(error) }
    }

    /// The logged events of `listID` after `since`, appended to `sink` in order while they
    /// fit in `maxBytes` (always at least one, if there is one), for a subscriber that had no
    /// room for them when they were live. Returns the last seq appended (`since` when none)
    /// and the checklist's head; an event missing from the log is a failure.
    ///
    /// Why at most `catchUpReadEvents` at a time from the port: a range read has no byte bound,
    /// and a subscriber far behind must not make the store thread read the whole log for one
    /// chunk; events read past the byte bound are dropped and read again next time.
    public func events<Sink: ReplaySink>(
        of listID: ListID, after since: Int64, maxBytes: Int, into sink: inout Sink
    ) throws(StoreError) -> (last: Int64, head: Int64) {
        do {
            guard let head = try state(listID)?.list.seq else {
                throw StoreError.rejected(.notFound("no such checklist"))
            }
            guard since < head else { return (since, head) }
            var bounded = ByteBoundedSink(inner: sink, maxBytes: maxBytes)
            let through = min(head, since + Self.catchUpReadEvents)
            let complete = try replay(listID, after: since, through: through, into: &bounded)
            sink = bounded.inner
            guard complete || bounded.count > 0 else {
                throw StoreError.failure("event \(since + 1) of checklist \(listID) is missing from the log")
            }
            return (since + Int64(bounded.count), head)
        } catch {
            throw storeError(error)
        }
    }

    /// Appends the stored events `since + 1 … head` to `sink`; `false` when one is missing.
    private func replay<Sink: ReplaySink>(
        _ listID: ListID, after since: Int64, through head: Int64, into sink: inout Sink
    ) throws(StorageFailure) -> Bool {
        // Events this batch logged are written first, so that the log holds them too.
        if batch.isPending(listID) { try flushPendingWrites() }
        return try port.readEvents(of: listID, after: since, through: head, into: &sink)
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
}
