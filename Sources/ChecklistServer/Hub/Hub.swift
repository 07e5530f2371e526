import ChecklistCore
import ChecklistStore
import Credentials
import Transport
import WireProtocol
import CoreMetrics

/// The server's session logic as a state machine: sessions, authentication and its
/// backlog, subscriptions, reply ordering, backpressure, login throttling and fan-out.
///
/// It touches no socket, thread, store or clock of its own. It is told what happened — a
/// connection opened, a message arrived, a connection closed, a store command or password
/// job finished — and answers with `HubAction`s (send these bytes, stop reading, run this
/// store command, hash this password) that `ChecklistServer` carries out. Store commands and
/// their replies are values (`StoreCommand`, `StoreResponse`); what to do with a reply stays
/// here under the request's id. So the whole protocol logic is tested without a socket
/// (`HubTests`), the way Hummingbird tests its connection state machine.
///
/// Not `Sendable`: one thread owns it (the lws service thread, checked by `ServiceThreadBound`).
/// Store replies must be fed back in commit order; that is what makes replay gap-free.
final class Hub {
    struct Configuration {
        /// Requests a connection may have waiting for replies before reading from it stops;
        /// reading resumes when half of them are answered.
        var maxRequestsInFlight = 1_024
        /// A hash to verify against when the username is unknown, so both cases take as long.
        var decoyHash = ""
        /// Signup attempts one address may make per hour; 0 for no limit.
        var signupsPerAddressPerHour = 100
        /// Signups and logins one address may have in progress at once (store lookups and
        /// password work); past it a request is refused at once (`AuthenticationSlots`).
        var authenticationsPerAddress = 8
        /// Derives calendar feed tokens (see `FeedToken`).
        var serverKey = ServerKey(bytes: Array(repeating: 0, count: 32))
        /// Where clients reach this server (`https://lists.example.org`), for the URLs it
        /// gives out; `nil`: from the `Host` the client connected to.
        var publicURL: String?
        /// Whether the listener speaks TLS (the scheme of URLs made from `Host`).
        var usesTLS = false
        /// Longest a congestion of one checklist holds its writers, in seconds (see
        /// `ListCongestion`).
        var maxWriterPause: Double = 30
        /// The most event bytes one read of the log sends a subscriber catching up (see
        /// `LiveCatchUps`): less than the transport's bound minus its caught-up mark, so a
        /// chunk always fits once the subscriber has drained.
        var catchUpChunkBytes = 1 << 20
        /// The VAPID public key (`pushKey`); `nil`: the server sends no push.
        var pushPublicKey: String?
        /// Accept `http://127.0.0.1:PORT/…` push endpoints (tests only).
        var allowLoopbackPush = false
        /// Whether the server sends mail (`--smtp`); without it mail settings are refused.
        var mailAvailable = false
        /// How long a fired reminder waits for a device to take it before it is mailed.
        var emailFallbackMilliseconds: Int64 = 60_000
    }

    let configuration: Configuration
    /// New ids for checklists and items the client did not name.
    let newID: () -> String
    /// Monotonic seconds, for flow control.
    let now: () -> Double
    /// The time of day, for reminders and the limits on attempts (an input, so tests can move it).
    let wallClock: () -> Timestamp
    /// The largest file an upload may be (`--max-attachment-size`), told to clients in
    /// `settings` so they can say so before sending one.
    var maxAttachmentBytes: Int64 = 20 << 20

    var sessions: [ConnectionID: HubSession] = [:]
    /// Coming reminder occurrences and snoozes (see `Hub+Reminders`).
    var reminders = ReminderQueue()
    /// The wake-up last asked of the wiring, until it comes.
    var scheduledWake: Timestamp?
    /// The reminder schedule could not be read at the start (the database locked, say): the
    /// next wake-up reads it again.
    var scheduleMissing = false
    /// A slice of due reminders is with the store; the next goes when it is back.
    var firingInFlight = false
    /// Reminders waiting for their mail fallback, and the coming digests (see `Hub+Mail`).
    var mail = MailSchedule()
    /// The mail wake-up last asked of the wiring, until it comes.
    var scheduledMailWake: Timestamp?
    /// Whether this server runs the reminder scheduler: always with one server; on a shared
    /// store only while it holds the store's scheduling lock (`schedulingChanged`).
    var leadsScheduling = true
    /// A head check is with the store (one at a time).
    var headCheckInFlight = false
    var subscriptions = SubscriptionTable()
    /// Which seq each checklist's subscribers were sent last (see `FanOutOrder`).
    var order = FanOutOrder()
    /// Checklists whose subscribers are mostly behind, and the writers waiting for them.
    var congestion: ListCongestion
    /// Subscribers sent from the log what they had no room for live (`LiveCatchUps`).
    var catchUps = LiveCatchUps()
    /// The congestion check last asked of the wiring (monotonic seconds), until it comes.
    var congestionWake: Double?
    let metrics = ServerMetrics()
    /// Stopping: new requests are ignored; what is in flight still completes.
    private(set) var draining = false

    private var nextRequestID: UInt64 = 0
    var storeWaiting: [UInt64: StoreContinuation] = [:]
    var passwordWaiting: [UInt64: PasswordContinuation] = [:]
    /// Signups and logins in progress per client address.
    var authenticationSlots = AuthenticationSlots()
    /// What the calls since the last `performActions` asked for, in order.
    var actions: [HubAction] = []

    init(
        configuration: Configuration, newID: @escaping () -> String, now: @escaping () -> Double,
        wallClock: @escaping () -> Timestamp
    ) {
        self.configuration = configuration
        self.newID = newID
        self.now = now
        self.wallClock = wallClock
        congestion = ListCongestion(maxPause: configuration.maxWriterPause)
    }

    // MARK: Inputs

    func connectionOpened(_ connection: ConnectionID, address: String, host: String? = nil) {
        sessions[connection] = HubSession(connection: connection, address: address, host: host)
        metrics.connectionsOpened.increment()
    }

    func received(_ message: WebSocketMessage, from connection: ConnectionID) {
        guard let session = sessions[connection], !draining else { return }
        if session.awaitingAuthentication {
            session.backlog.append(message)
        } else {
            handle(message, in: session)
        }
        if !session.receivingPaused, session.requestsWaiting >= configuration.maxRequestsInFlight,
            sessions[connection] != nil
        {
            session.receivingPaused = true
            metrics.receivePauses.increment()
            updateReceiving(session)
        }
    }

    func connectionClosed(_ connection: ConnectionID) {
        guard let session = sessions.removeValue(forKey: connection) else { return }
        authenticationSlots.release(for: session)
        for list in session.subscriptions { subscriptionEnded(connection, from: list) }
        congestion.closed(connection)
        catchUps.closed(connection)
        if let user = session.user { subscriptions.detach(connection, from: user.id) }
    }

    /// Stop taking requests (the server is shutting down); replies in flight still go out.
    func beginDraining() {
        draining = true
    }

    // MARK: Outputs

    /// Hands the actions produced so far to `perform`, in order, then forgets them. `perform`
    /// may feed the hub again (a refused password job); what that adds is performed too.
    func performActions(_ perform: (HubAction) -> Void) {
        var index = 0
        while index < actions.count {
            let action = actions[index]
            index += 1
            perform(action)
        }
        actions.removeAll(keepingCapacity: true)
    }

    /// The actions produced so far, and forgets them (tests).
    func takeActions() -> [HubAction] {
        defer { actions = [] }
        return actions
    }

    // MARK: Issuing work

    func runStore(_ command: StoreCommand, then continuation: StoreContinuation) {
        nextRequestID += 1
        storeWaiting[nextRequestID] = continuation
        actions.append(.store(StoreRequest(id: nextRequestID, command: command)))
    }

    func runPassword(_ job: PasswordJob, for source: String, then continuation: PasswordContinuation) {
        nextRequestID += 1
        passwordWaiting[nextRequestID] = continuation
        actions.append(.password(PasswordRequest(id: nextRequestID, job: job, source: source)))
    }
}
