import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol
import CoreMetrics

/// Replies in request order, and the backpressure that follows them.
extension Hub {
    /// Records `reply` for `ticket` and sends every reply that is now in order.
    func complete(_ session: HubSession, ticket: UInt64, _ reply: PendingReply) {
        for ready in session.replies.complete(ticket, with: reply) { deliver(ready, in: session) }
        if session.receivingPaused, session.requestsWaiting <= configuration.maxRequestsInFlight / 2,
            sessions[session.connection] === session
        {
            session.receivingPaused = false
            updateReceiving(session)
        }
    }

    /// Answers a request at once (in order) with an error.
    func reject(_ session: HubSession, _ error: WireError, opID: String? = nil, ref: String? = nil) {
        metrics.errors.increment()
        let ticket = session.replies.issue()
        complete(session, ticket: ticket, .message(ServerMessage.error(error, opID: opID, ref: ref)))
    }

    /// The encoded error for a failed store call, counted.
    func errorMessage(_ error: StoreError, opID: String? = nil, ref: String?) -> [UInt8] {
        metrics.errors.increment()
        return ServerMessage.error(WireError(error), opID: opID, ref: ref)
    }

    func send(_ bytes: [UInt8], to connection: ConnectionID) {
        actions.append(.send(OutboundFrame(text: bytes), to: connection, requested: false))
    }

    private func deliver(_ reply: PendingReply, in session: HubSession) {
        let connection = session.connection
        switch reply {
        case .message(let bytes):
            send(bytes, to: connection)
        case .requested(let bytes):
            actions.append(.send(OutboundFrame(text: bytes), to: connection, requested: true))
        case .subscribed(let listID, let userID, let head, let catchUp, let subscribed):
            // Signed out (or in as someone else) since asking: nothing of the list goes out.
            guard session.user?.id == userID else { return }
            subscriptionStarted(connection, to: listID, head: head)
            session.subscriptions.insert(listID)
            for frame in catchUp { actions.append(.send(frame, to: connection, requested: true)) }
            send(subscribed, to: connection)
        case .unsubscribed(let listID, let message):
            subscriptionEnded(connection, from: listID)
            session.subscriptions.remove(listID)
            send(message, to: connection)
        }
    }
}
