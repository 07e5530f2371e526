import ChecklistCore
import ChecklistStore
import CoreMetrics
import Transport
import WireProtocol

/// Live events a subscriber had no room for, sent from the log once it drained (see
/// `LiveCatchUps` for the rules and why).
extension Hub {
    /// The wiring says `connections` refused event `seq` of `list` (no room under their bound,
    /// or a catch-up already in progress).
    func liveEventRefused(by connections: [ConnectionID], list: ListID, seq: Int64) {
        for connection in connections {
            guard sessions[connection]?.subscriptions.contains(list) == true,
                catchUps.refused(connection, list: list, seq: seq)
            else { continue }
            metrics.liveCatchUps.increment()
            actions.append(.watchDrain(connection))
        }
    }

    /// A connection watched with `.watchDrain` has room again: read what it missed.
    func connectionDrained(_ connection: ConnectionID) {
        for read in catchUps.drained(connection) {
            runStore(
                .liveCatchUp(listID: read.list, after: read.after, maxBytes: configuration.catchUpChunkBytes),
                then: .liveCatchUp(connection, listID: read.list))
        }
    }

    /// The transport takes `list`'s live events for `connection` again.
    func liveStreamResumed(_ connection: ConnectionID, list: ListID) {
        catchUps.resumed(connection, list: list)
    }

    func liveCatchUpRead(_ result: Result<StoreReply, StoreError>, connection: ConnectionID, list: ListID) {
        guard case .success(.eventRange(let range)) = result else {
            // The log could not be read: the subscriber must start again, by replay.
            guard catchUps.ended(connection, list: list) else { return }
            actions.append(
                .close(connection, code: WebSocketCloseCode.slowConsumer, reason: "could not catch up; resubscribe"))
            return
        }
        switch catchUps.read(connection, list: list, through: range.last, head: range.head) {
        case .discard:
            return
        case .resume:
            for frame in range.frames { actions.append(.send(frame, to: connection, requested: false)) }
            if let stream = subscriptions.existingStream(of: list) {
                actions.append(.resumeStream(stream, list: list, for: connection))
            }
            // The log's head and the fan-out's may differ when events also come from elsewhere:
            // the subscriber rejoins the order where its catch-up ended, so that it is sent
            // neither an event twice nor past a gap.
            order.left(connection, list, remaining: true)
            perform(order.joined(connection, list, head: range.last))
        case .watchDrain:
            for frame in range.frames { actions.append(.send(frame, to: connection, requested: false)) }
            actions.append(.watchDrain(connection))
        }
    }

    /// The subscription of `connection` to `list` ended: a catch-up in progress stops, and the
    /// stream is resumed so that a later subscription starts clean.
    func endCatchUp(_ connection: ConnectionID, list: ListID) {
        guard catchUps.ended(connection, list: list), let stream = subscriptions.existingStream(of: list) else {
            return
        }
        actions.append(.resumeStream(stream, list: list, for: connection))
    }
}
