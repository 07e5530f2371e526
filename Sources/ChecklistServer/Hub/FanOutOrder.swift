import ChecklistCore
import Transport

/// The order in which committed events reach a checklist's subscribers, whatever path they
/// come by: this server's own commits, which reach the hub in commit order, and events
/// committed elsewhere (another server on the same store, `Hub.committedElsewhere`), which may
/// come late, twice, or out of order.
///
/// The rule, per subscription: the last seq it was sent. An event at or below it is dropped,
/// the next one is sent, and one further on is held until the events between are read from
/// the store and sent first. So delivery stays gap-free and exactly once from any mix of
/// sources, replays included.
///
/// Kept per checklist rather than per subscription, so the fan-out pays one lookup per event,
/// not one per subscriber: the subscribers that are in step share one `head`, and only a
/// subscriber whose catch-up ended elsewhere (past `head`, or short of it) has a seq of its
/// own until it is in step. Pure state: the hub carries out the `Step`s, and it is tested
/// without sockets.
struct FanOutOrder {
    /// What the hub must do for the order to hold.
    enum Step: Equatable {
        /// Send the event to the checklist's subscribers except these; with `notices`, tell the
        /// users it revoked or shared first.
        case deliver(EventDelivery, except: Set<ConnectionID>, notices: Bool)
        /// Only the event's notices: no subscriber here needs its bytes.
        case notices(EventDelivery)
        /// Send a stored event to one subscriber that is catching up with the others.
        case send([UInt8], to: ConnectionID)
        /// Read the checklist's events `after + 1 … through` from the store (`gapRead`).
        case readGap(ListID, after: Int64, through: Int64)
        /// Read them for one subscriber short of the others (`caughtUp`).
        case readFor(ConnectionID, ListID, after: Int64, through: Int64)
    }

    /// One checklist's subscribers, as far as order goes.
    struct Position {
        /// The last seq sent to the subscribers in step.
        var head: Int64
        /// Subscribers whose catch-up went past `head`: sent nothing up to their own seq.
        var ahead: [ConnectionID: Int64] = [:]
        /// Subscribers whose catch-up stopped short of `head`: sent nothing live until the
        /// store filled them up to it.
        var behind: [ConnectionID: Int64] = [:]
        /// Events that came past `head + 1`, held until the gap before them is filled.
        var held: [Int64: EventDelivery] = [:]
        /// Whether a read of the gap is with the store.
        var readingGap = false
        /// Seqs sent from the store's log, which carries no notices: when the event itself comes
        /// (with its `revoked` or `listShared`), its notices are still owed.
        var noticesOwed: Set<Int64> = []
        /// Notices the head check read for events not sent yet: sent with them when a read of
        /// the log brings them.
        var noticesAhead: [Int64: EventDelivery] = [:]
    }

    private(set) var positions: [ListID: Position] = [:]

    /// Moves the checklist's order on when the event is simply the next one for every
    /// subscriber of it (no one ahead, behind or waiting for a gap): the path each event of a
    /// single server takes, one lookup and no allocation. `false`: take `arrived`.
    mutating func advance(_ event: EventDelivery) -> Bool {
        guard let index = positions.index(forKey: event.listID) else { return false }
        return positions.values[index].advanceIfNext(event)
    }

    /// An event committed here or elsewhere. `subscribed`: whether the checklist has
    /// subscribers on this server.
    mutating func arrived(_ event: EventDelivery, subscribed: Bool) -> [Step] {
        guard subscribed, positions[event.listID] != nil else {
            positions[event.listID] = nil
            return event.hasNotices ? [.notices(event)] : []
        }
        return positions[event.listID]!.arrived(event)
    }

    /// A subscriber became live, its catch-up ending at `head`.
    mutating func joined(_ connection: ConnectionID, _ listID: ListID, head: Int64) -> [Step] {
        guard positions[listID] != nil else {
            positions[listID] = Position(head: head)
            return []
        }
        return positions[listID]!.joined(connection, listID, head: head)
    }

    /// A subscriber left; `remaining`: whether the checklist still has subscribers here.
    mutating func left(_ connection: ConnectionID, _ listID: ListID, remaining: Bool) {
        guard remaining else {
            positions[listID] = nil
            return
        }
        positions[listID]?.ahead[connection] = nil
        positions[listID]?.behind[connection] = nil
    }

    /// Where each checklist's subscribers here stand: the head check asks the store which moved on.
    var sentHeads: [ListID: Int64] { positions.mapValues(\.head) }

    /// The head check found the checklist's stored head at `stored`, with the notices of the
    /// events past what was sent: read what is missing from the log now, rather than wait for
    /// the tail (held back while a transaction stays open).
    mutating func storedHead(_ listID: ListID, _ stored: Int64, notices: [EventDelivery]) -> [Step] {
        positions[listID]?.storedHead(listID, stored, notices: notices) ?? []
    }

    /// The store's answer to `readGap`: the stored events from `after + 1` on, in order.
    mutating func gapRead(_ listID: ListID, after: Int64, payloads: [[UInt8]]) -> [Step] {
        positions[listID]?.gapRead(listID, after: after, payloads: payloads) ?? []
    }

    /// The store's answer to `readFor`.
    mutating func caughtUp(_ connection: ConnectionID, _ listID: ListID, after: Int64, payloads: [[UInt8]]) -> [Step] {
        positions[listID]?.caughtUp(connection, listID, after: after, payloads: payloads) ?? []
    }
}

extension FanOutOrder.Position {
    typealias Step = FanOutOrder.Step

    mutating func advanceIfNext(_ event: EventDelivery) -> Bool {
        guard event.seq == head + 1, ahead.isEmpty, behind.isEmpty, held.isEmpty else { return false }
        head = event.seq
        return true
    }

    mutating func arrived(_ event: EventDelivery) -> [Step] {
        if event.seq <= head {
            // Sent already; only what the log could not carry is left.
            guard noticesOwed.remove(event.seq) != nil, event.hasNotices else { return [] }
            return [.notices(event)]
        }
        if event.seq > head + 1 {
            held[event.seq] = event
            return readGapIfNeeded(event.listID)
        }
        var steps = [send(event, notices: true)]
        releaseHeld(into: &steps)
        steps += readGapIfNeeded(event.listID)
        return steps
    }

    mutating func joined(_ connection: ConnectionID, _ listID: ListID, head joinedAt: Int64) -> [Step] {
        if joinedAt > head {
            ahead[connection] = joinedAt
        } else if joinedAt < head {
            behind[connection] = joinedAt
            return [.readFor(connection, listID, after: joinedAt, through: head)]
        }
        return []
    }

    mutating func storedHead(_ listID: ListID, _ stored: Int64, notices: [EventDelivery]) -> [Step] {
        for notice in notices where notice.seq > head { noticesAhead[notice.seq] = notice }
        guard stored > head, !readingGap else { return [] }
        readingGap = true
        return [.readGap(listID, after: head, through: stored)]
    }

    mutating func gapRead(_ listID: ListID, after: Int64, payloads: [[UInt8]]) -> [Step] {
        readingGap = false
        var steps: [Step] = []
        for (offset, payload) in payloads.enumerated() {
            let seq = after + 1 + Int64(offset)
            guard seq == head + 1 else { continue }
            if let event = held.removeValue(forKey: seq) {
                steps.append(send(event, notices: true))
            } else if var known = noticesAhead.removeValue(forKey: seq) {
                // The head check read its notices: told now, in the event's place, not owed.
                known.payload = payload
                steps.append(send(known, notices: true))
            } else {
                noticesOwed.insert(seq)
                steps.append(
                    send(
                        EventDelivery(listID: listID, seq: seq, payload: payload, revokedUserID: nil, shared: nil),
                        notices: false))
            }
            releaseHeld(into: &steps)
        }
        steps += readGapIfNeeded(listID)
        return steps
    }

    mutating func caughtUp(_ connection: ConnectionID, _ listID: ListID, after: Int64, payloads: [[UInt8]]) -> [Step] {
        guard behind[connection] == after else { return [] }
        var steps: [Step] = []
        var last = after
        for payload in payloads where last < head {
            last += 1
            steps.append(.send(payload, to: connection))
        }
        if last < head {
            // More came meanwhile (or the log fell short): read on from where it is.
            behind[connection] = last
            steps.append(.readFor(connection, listID, after: last, through: head))
        } else {
            behind[connection] = nil
        }
        return steps
    }

    /// Sends the next event to every subscriber in step, and moves `head` on.
    private mutating func send(_ event: EventDelivery, notices: Bool) -> Step {
        head = event.seq
        var except = Set(behind.keys)
        if !ahead.isEmpty {
            for (connection, last) in ahead where last >= event.seq { except.insert(connection) }
            ahead = ahead.filter { $0.value > event.seq }
        }
        return .deliver(event, except: except, notices: notices)
    }

    private mutating func releaseHeld(into steps: inout [Step]) {
        noticesAhead = noticesAhead.filter { $0.key > head }
        while let next = held.removeValue(forKey: head + 1) { steps.append(send(next, notices: true)) }
    }

    /// Asks for the events between `head` and the first one held, unless a read is under way.
    private mutating func readGapIfNeeded(_ listID: ListID) -> [Step] {
        guard !readingGap, let first = held.keys.min() else { return [] }
        readingGap = true
        return [.readGap(listID, after: head, through: first - 1)]
    }
}

extension EventDelivery: Equatable {
    /// Whether someone besides the subscribers must hear of it.
    var hasNotices: Bool { revokedUserID != nil || shared != nil }

    static func == (lhs: EventDelivery, rhs: EventDelivery) -> Bool {
        lhs.listID == rhs.listID && lhs.seq == rhs.seq && lhs.payload == rhs.payload
            && lhs.revokedUserID == rhs.revokedUserID && lhs.shared?.userID == rhs.shared?.userID
    }
}
