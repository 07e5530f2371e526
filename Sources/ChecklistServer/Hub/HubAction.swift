import ChecklistCore
import Transport

/// What the hub asks its wiring to do. The hub itself touches no socket, thread or store:
/// `ChecklistServer` carries these out, and tests read them.
enum HubAction {
    /// `requested`: part of a replay or snapshot the client asked for, which may exceed the
    /// slow-consumer bound (see `WebSocketServer.send(_:to:requested:)`).
    case send(OutboundFrame, to: ConnectionID, requested: Bool)
    /// The same frame, encoded once, to every connection in the set (an event's fan-out).
    case broadcast(OutboundFrame, to: Set<ConnectionID>)
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
}
