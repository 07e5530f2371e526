import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol

/// A committed event ready to send: its bytes and who besides the subscribers must hear of it.
/// This server's own commits and events committed elsewhere (`Hub.committedElsewhere`) alike.
///
/// The bytes become a frame on the service thread (`Hub.broadcast`), not on the store thread
/// that encoded them: the store thread sets the durable rate, and a frame is an allocation and
/// a copy of ~1 KB per edit (docs/benchmarks.md).
struct EventDelivery: Sendable {
    var listID: ListID
    /// Its place in the checklist's log: subscribers get each seq once, in order (`FanOutOrder`).
    var seq: Int64
    /// The event as the wire and the log carry it.
    var payload: [UInt8]
    /// The user an `unshare` removed: sent `revoked`.
    var revokedUserID: UserID?
    /// The user a `share` added or changed, and their `listShared` notice.
    var shared: (userID: UserID, notice: OutboundFrame)?
}

extension EventDelivery {
    /// An event (or, from the head check, only its notices) another server committed.
    init(committedElsewhere event: CommittedEvent) {
        listID = event.listID
        seq = event.seq
        payload = event.payload
        revokedUserID = event.revokedUserID
        shared = event.shared.map { ($0.userID, OutboundFrame(text: $0.message)) }
    }

    init(_ applied: AppliedEvent) {
        listID = applied.event.listID
        seq = applied.event.seq
        payload = applied.payload
        revokedUserID = applied.revokedUserID
        if let added = applied.sharedUserID, var summary = applied.event.changes.list,
            let role = applied.event.changes.participants?.first?.role
        {
            summary.role = role
            shared = (added, OutboundFrame(text: ServerMessage.listShared(summary, by: applied.event.by)))
        } else {
            shared = nil
        }
    }
}
