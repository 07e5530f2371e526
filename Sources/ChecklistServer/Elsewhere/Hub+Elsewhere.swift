import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol

/// What another server on the same store committed or noticed, handed to this hub so that its
/// connections hear of it as if it had happened here. A single server never calls these: they
/// are the seam through which a server on a shared store (a tail of the event and notice
/// tables) reaches the same delivery paths as the server's own commits.
extension Hub {
    /// Events this server did not commit, in any order, any of them perhaps again: each
    /// subscriber still gets every event once, in `seq` order (`FanOutOrder`), the users they
    /// revoked or shared are told, and their reminder occurrences are scheduled.
    func committedElsewhere(_ events: [EventDelivery], reminders: [ScheduledReminder] = []) {
        for event in events { deliver(event) }
        schedule(reminders)
    }

    /// Per-user notices that originated elsewhere.
    func noticedElsewhere(_ notices: [ElsewhereNotice]) {
        for notice in notices {
            switch notice {
            case .reminder(let userID, let message):
                deliverReminder(message, to: userID)
            case .revoked(let userID, let listID):
                revoke(userID, from: listID)
            case .listShared(let userID, let message):
                tell(userID, OutboundFrame(text: message))
            case .loggedOut(let tokenHash):
                signOutConnections(using: tokenHash, except: nil)
            case .told(let userID, let message):
                tell(userID, OutboundFrame(text: message))
            case .settings(let userID, let timeZone):
                for connection in subscriptions.connectionsByUser[userID] ?? [] {
                    sessions[connection]?.user?.timeZone = timeZone
                }
            case .schedule(let entries):
                schedule(entries)
            }
        }
    }
}

/// A notice for one user's connections that another server produced.
enum ElsewhereNotice: Sendable {
    /// A fired reminder, encoded (`reminder`).
    case reminder(userID: UserID, message: [UInt8])
    /// The user no longer takes part in the checklist.
    case revoked(userID: UserID, listID: ListID)
    /// A checklist was shared with the user, encoded (`listShared`).
    case listShared(userID: UserID, message: [UInt8])
    /// A session token was revoked: every connection that uses it is signed out.
    case loggedOut(tokenHash: [UInt8])
    /// A message for every connection of the user (`reminderDismissed`, `reminderSnoozed`).
    case told(userID: UserID, message: [UInt8])
    /// The user's time zone changed (quick add's default on every connection).
    case settings(userID: UserID, timeZone: String)
    /// Occurrences an edit or a snooze elsewhere made due: held if this server schedules.
    case schedule([ScheduledReminder])
}
