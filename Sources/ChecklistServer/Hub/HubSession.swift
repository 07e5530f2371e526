import ChecklistCore
import ChecklistStore
import DequeModule
import Transport

/// One WebSocket connection as the hub sees it.
final class HubSession {
    let connection: ConnectionID
    /// The client's address (the TCP peer's), for the per-address limits; "" when unknown.
    let address: String
    /// The `Host` the client connected to, for URLs given back to it (feeds).
    let host: String?
    var user: UserAccount?
    /// SHA-256 of the token this connection authenticated with: `logout` revokes it on
    /// every connection that uses it.
    var tokenHash: [UInt8]?
    var subscriptions: Set<ListID> = []
    var replies = ReplySequencer<PendingReply>()
    /// While a signup, login, auth or logout is in flight, later messages wait in `backlog`:
    /// whether they are allowed depends on its outcome.
    var awaitingAuthentication = false
    /// This connection's signup or login holds one of its address's `AuthenticationSlots`.
    var holdsAuthenticationSlot = false
    /// A `Deque`: drained from the front one message at a time.
    var backlog = Deque<WebSocketMessage>()
    /// Too many requests wait for replies: reading stops until enough went out (backpressure).
    var receivingPaused = false
    /// Congested checklists this connection wrote to, waiting for their readers (flow
    /// control, `Hub+FlowControl`); reading stops while any is listed.
    var waitingForLists: Set<ListID> = []
    /// The transport reports this connection's own queue behind: it is not read meanwhile.
    var queueBehind = false
    /// Whether the transport was last told to read from this connection.
    var isReading = true
    /// Missed-reminder lookups (one per sign-in) not answered yet. Store replies come back in
    /// the order the store ran them, so an occurrence fired while one is pending was fired
    /// before that lookup read the deliveries, and its answer carries it: the fired broadcast
    /// skips this connection, or the user would get it twice.
    var missedReminderLookups = 0

    /// Requests received and not yet answered, including those waiting behind authentication.
    var requestsWaiting: Int { replies.pending + backlog.count }

    init(connection: ConnectionID, address: String, host: String? = nil) {
        self.host = host
        self.connection = connection
        self.address = address
    }
}

/// A reply that is ready but may have to wait for earlier ones (`ReplySequencer`).
enum PendingReply {
    case message([UInt8])
    /// A read's reply that may be large (`lists`, `agenda`, `search`, `history`): like a
    /// snapshot, what the client asked for does not count against the slow-consumer bound.
    case requested([UInt8])
    /// The subscriber becomes live when this is delivered — not before, so no event can
    /// reach it ahead of its catch-up.
    case subscribed(listID: ListID, userID: UserID, head: Int64, catchUp: [OutboundFrame], subscribed: [UInt8])
    case unsubscribed(listID: ListID, message: [UInt8])
}
