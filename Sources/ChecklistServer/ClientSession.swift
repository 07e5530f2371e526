import ChecklistStore
import Transport
import WireProtocol

/// One WebSocket connection's state on the service thread.
final class ClientSession {
    let connection: ConnectionID
    var user: UserAccount?
    /// SHA-256 of the token this connection authenticated with, for `logout`.
    var tokenHash: [UInt8]?
    var subscriptions: Set<String> = []
    var sequencer = ReplySequencer()
    /// While a signup, login, auth or logout is in flight, later messages wait in `backlog`:
    /// whether they are allowed depends on its outcome.
    var awaitingAuthentication = false
    var backlog: [WebSocketMessage] = []
    /// Reading from the connection is stopped until enough replies went out (backpressure).
    var receivingPaused = false

    /// Requests received and not yet answered, including those waiting behind authentication.
    var requestsWaiting: Int { sequencer.pending + backlog.count }

    init(connection: ConnectionID) {
        self.connection = connection
    }
}
