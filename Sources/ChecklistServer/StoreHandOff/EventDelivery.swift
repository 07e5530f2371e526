import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol

/// A committed event ready to send: its frame and who besides the subscribers must hear of it.
struct EventDelivery: Sendable {
    var listID: ListID
    var frame: OutboundFrame
    /// The user an `unshare` removed: sent `revoked`.
    var revokedUserID: UserID?
    /// The user a `share` added or changed, and their `listShared` notice.
    var shared: (userID: UserID, notice: OutboundFrame)?
}

extension EventDelivery {
    init(_ applied: AppliedEvent) {
        listID = applied.event.listID
        frame = OutboundFrame(text: applied.payload)
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
