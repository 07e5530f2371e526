import ChecklistCore
import ChecklistStore
import Transport

/// What the hub asks its wiring to do. The hub itself touches no socket, thread or store:
/// `ChecklistServer` carries these out, and tests read them.
enum HubAction {
    /// `requested`: part of a replay or snapshot the client asked for, which may exceed the
    /// slow-consumer bound (see `WebSocketServer.send(_:to:requested:)`).
    case send(OutboundFrame, to: ConnectionID, requested: Bool)
    /// The same frame, encoded once, to every connection in the set (a notice).
    case broadcast(OutboundFrame, to: Set<ConnectionID>)
    /// An event's fan-out: its frame, encoded once, to the checklist's subscribers as the next
    /// frame of the checklist's stream. Those with no room refuse it (and the stream's later
    /// frames); `Hub.liveEventRefused` is told who, and they catch up from the log.
    case deliverEvent(OutboundFrame, EventOrigin, to: Set<ConnectionID>)
    /// Tell `Hub.connectionDrained` once the connection's queue is down to the caught-up mark.
    case watchDrain(ConnectionID)
    /// The connection takes the stream's live frames again (it caught up from the log); then
    /// `Hub.liveStreamResumed`.
    case resumeStream(StreamID, list: ListID, for: ConnectionID)
    /// Close the connection with a WebSocket close code.
    case close(ConnectionID, code: UInt16, reason: String)
    /// Stop or resume reading from a connection (backpressure).
    case setReceiving(Bool, for: ConnectionID)
    /// Run a store command; its `StoreResponse` comes back through `Hub.storeCompleted`, in
    /// commit order.
    case store(StoreRequest)
    /// Run password work; its `PasswordResponse` comes back through `Hub.passwordCompleted`.
    case password(PasswordRequest)
    /// Call `Hub.wokeUp` at this time (replacing any earlier request).
    case wake(at: Timestamp)
    /// Call `Hub.congestionCheckDue` after this many seconds (replacing any earlier request).
    case checkCongestion(after: Double)
    /// Answer a deferred HTTP request (an upload's outcome).
    case respondHTTP(HTTPResponse, to: HTTPRequestID)
    /// Send fired reminders by Web Push (on the push sender's thread, never waited for).
    case push([PushDelivery])
    /// Send a mail (on the mail sender's thread, never waited for).
    case mail(OutgoingMail)
    /// Call `Hub.mailWokeUp` at this time (replacing any earlier request).
    case wakeMail(at: Timestamp)
}

/// Which event a `deliverEvent` frame is: its checklist, its seq, and the stream the transport
/// keeps the checklist's frames in order by.
struct EventOrigin: Equatable {
    var listID: ListID
    var seq: Int64
    var stream: StreamID
}
