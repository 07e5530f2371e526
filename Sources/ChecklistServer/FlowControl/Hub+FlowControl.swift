import ChecklistCore
import CoreMetrics
import Transport

/// Flow control: writers wait while most subscribers of the checklist they edit are behind
/// (see `ListCongestion` for the rules and why), a connection is not read while its own queue
/// is behind, and the subscription bookkeeping they need. A subscriber with no room for live
/// events at all catches up from the log (`Hub+LiveCatchUp`).
extension Hub {
    /// The transport says `connection` fell behind or caught up.
    func connection(_ connection: ConnectionID, isBehind: Bool) {
        guard let session = sessions[connection] else { return }
        congestion.setBehind(connection, isBehind, lists: session.subscriptions)
        if !isBehind {
            for list in session.subscriptions { endCongestionIfOver(list) }
        }
        // A client that does not read what it is sent is not read either: its own requests'
        // replies would only pile up behind the rest.
        session.queueBehind = isBehind
        updateReceiving(session)
    }

    /// An edit by `session` committed to `list` and was broadcast: if most of the list's
    /// subscribers are behind, stop reading from the writer until they catch up. Its ack
    /// still goes out; only its next requests wait.
    func paceWriter(_ session: HubSession, editing list: ListID) {
        let subscriberCount = subscriptions.subscribers[list]?.count ?? 0
        guard congestion.isCongested(list, subscribers: subscriberCount),
            congestion.pause(session.connection, for: list, now: now())
        else { return }
        session.waitingForLists.insert(list)
        metrics.writerPauses.increment()
        updateReceiving(session)
        scheduleCongestionCheck()
    }

    /// The congestion timer came: writers held longer than `maxWriterPause` go free.
    func congestionCheckDue() {
        congestionWake = nil
        for (list, writers) in congestion.expire(now: now()) {
            metrics.congestionsExpired.increment()
            release(writers, waitingFor: list)
        }
        scheduleCongestionCheck()
    }

    /// Reads from `session` unless too many of its requests wait for replies, a congested
    /// checklist holds it, or its own queue is behind; tells the transport only of changes.
    func updateReceiving(_ session: HubSession) {
        let reading = !session.receivingPaused && session.waitingForLists.isEmpty && !session.queueBehind
        guard reading != session.isReading, sessions[session.connection] === session else { return }
        session.isReading = reading
        actions.append(.setReceiving(reading, for: session.connection))
    }

    // MARK: Subscriptions

    /// `connection` now receives `list`'s events.
    func startSubscription(_ connection: ConnectionID, to list: ListID) {
        guard subscriptions.subscribe(connection, to: list) else { return }
        congestion.subscribed(connection, to: list)
        endCongestionIfOver(list)  // one more reader who is not behind may end it
    }

    /// `connection` no longer receives `list`'s events.
    func endSubscription(_ connection: ConnectionID, from list: ListID) {
        endCatchUp(connection, list: list)
        guard subscriptions.unsubscribe(connection, from: list) else { return }
        congestion.unsubscribed(connection, from: list)
        endCongestionIfOver(list)
    }

    // MARK: Private

    private func endCongestionIfOver(_ list: ListID) {
        let subscriberCount = subscriptions.subscribers[list]?.count ?? 0
        release(congestion.endIfOver(list, subscribers: subscriberCount), waitingFor: list)
    }

    private func release(_ writers: Set<ConnectionID>, waitingFor list: ListID) {
        for writer in writers {
            guard let session = sessions[writer] else { continue }
            session.waitingForLists.remove(list)
            updateReceiving(session)
        }
    }

    private func scheduleCongestionCheck() {
        guard let due = congestion.nextExpiry else { return }
        if let congestionWake, congestionWake <= due { return }
        congestionWake = due
        actions.append(.checkCongestion(after: max(0, due - now())))
    }
}
