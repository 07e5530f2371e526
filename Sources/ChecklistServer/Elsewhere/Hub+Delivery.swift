import ChecklistCore
import ChecklistStore
import CoreMetrics
import Transport
import WireProtocol

/// Committed events, from this server or from elsewhere, reach subscribers through one path:
/// `deliver` orders them (`FanOutOrder`), and the notices they carry (`revoked`,
/// `listShared`) go to every connection of the users they name.
extension Hub {
    /// Passes an event through the delivery order and carries out what it says. The next
    /// event of a checklist whose subscribers are all in step, with no one to notify, is sent
    /// at once: every event of a single server, and most from elsewhere.
    func deliver(_ event: EventDelivery) {
        let subscribers = subscriptions.subscribers[event.listID]
        if !event.hasNotices {
            guard let subscribers else { return }
            if order.advance(event) { return send(event, to: subscribers) }
        }
        perform(order.arrived(event, subscribed: subscribers != nil))
    }

    /// The event's frame, encoded once, to these subscribers, on the checklist's stream: a
    /// subscriber with no room for it is caught up from the log later (`LiveCatchUps`).
    private func send(_ event: EventDelivery, to subscribers: Set<ConnectionID>) {
        metrics.eventsBroadcast.increment()
        metrics.deliveries.increment(by: Int64(subscribers.count))
        let origin = EventOrigin(listID: event.listID, seq: event.seq, stream: subscriptions.stream(of: event.listID))
        actions.append(.deliverEvent(OutboundFrame(text: event.payload), origin, to: subscribers))
    }

    /// A subscriber became live with its catch-up ending at `head`.
    func subscriptionStarted(_ connection: ConnectionID, to listID: ListID, head: Int64) {
        startSubscription(connection, to: listID)
        perform(order.joined(connection, listID, head: head))
    }

    /// A subscriber left (unsubscribed, signed out, revoked or closed).
    func subscriptionEnded(_ connection: ConnectionID, from listID: ListID) {
        endSubscription(connection, from: listID)
        order.left(connection, listID, remaining: subscriptions.subscribers[listID] != nil)
    }

    func perform(_ steps: [FanOutOrder.Step]) {
        for step in steps {
            switch step {
            case .deliver(let event, let except, let notices):
                if notices { tellNoticed(by: event) }
                guard var subscribers = subscriptions.subscribers[event.listID] else { continue }
                if !except.isEmpty { subscribers.subtract(except) }
                if !subscribers.isEmpty { send(event, to: subscribers) }
            case .notices(let event):
                tellNoticed(by: event)
            case .send(let payload, let connection):
                actions.append(.send(OutboundFrame(text: payload), to: connection, requested: true))
            case .readGap(let listID, let after, let through):
                runStore(
                    .events(listID: listID, after: after, through: through), then: .gapRead(listID, after: after))
            case .readFor(let connection, let listID, let after, let through):
                runStore(
                    .events(listID: listID, after: after, through: through),
                    then: .caughtUp(connection, listID, after: after))
            }
        }
    }

    /// The store's answer to a gap read, or to a read for one subscriber short of the others.
    func eventsRead(
        _ result: Result<StoreReply, StoreError>, listID: ListID, after: Int64, for connection: ConnectionID?
    ) {
        // A failed read leaves the events held; the next event that comes asks again.
        let payloads: [[UInt8]]
        if case .success(.events(let read)) = result { payloads = read } else { payloads = [] }
        if let connection {
            perform(order.caughtUp(connection, listID, after: after, payloads: payloads))
        } else {
            perform(order.gapRead(listID, after: after, payloads: payloads))
        }
    }

    /// The users an event revoked or shared, told on every connection: a removed participant
    /// gets `revoked` and nothing of the checklist after it; a user it was shared with gets
    /// `listShared`.
    private func tellNoticed(by event: EventDelivery) {
        if let removed = event.revokedUserID { revoke(removed, from: event.listID) }
        if let shared = event.shared { tell(shared.userID, shared.notice) }
    }

    /// Ends every subscription the user has to the checklist here and tells each of their
    /// connections.
    func revoke(_ userID: UserID, from listID: ListID) {
        guard let connections = subscriptions.connectionsByUser[userID] else { return }
        for connection in connections {
            subscriptionEnded(connection, from: listID)
            sessions[connection]?.subscriptions.remove(listID)
        }
        actions.append(.broadcast(OutboundFrame(text: ServerMessage.revoked(listID: listID)), to: connections))
    }

    /// The same frame to every connection of the user here.
    func tell(_ userID: UserID, _ frame: OutboundFrame) {
        guard let connections = subscriptions.connectionsByUser[userID] else { return }
        actions.append(.broadcast(frame, to: connections))
    }
}
