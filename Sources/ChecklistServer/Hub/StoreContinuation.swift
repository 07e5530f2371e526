import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol

/// What the hub does with a store reply, kept under the request's id until it comes back.
/// Each case names the connection and the reply ticket it answers.
enum StoreContinuation {
    /// A read whose reply the store thread already encoded (`lists`, `history`).
    case encodedReply(ConnectionID, ticket: UInt64, ref: String?)
    case subscribe(ConnectionID, ticket: UInt64, ref: String?, listID: ListID, userID: UserID)
    /// The next events of a subscription that had no room for them live (`LiveCatchUps`).
    case liveCatchUp(ConnectionID, listID: ListID)
    case edit(ConnectionID, ticket: UInt64, ref: String?, opID: String)
    /// An `op` whose body was invalid: its original ack if the `opId` was used, else `error`.
    case reusedOpID(ConnectionID, ticket: UInt64, ref: String?, opID: String, error: WireError)
    case authenticate(ConnectionID, ticket: UInt64, ref: String?, tokenHash: [UInt8])
    case logout(ConnectionID, ticket: UInt64, ref: String?, tokenHash: [UInt8])
    /// A login's lookup; the password is checked next, on a worker.
    case loginLookup(ConnectionID, ticket: UInt64, ref: String?, username: String, password: String)
    case loginSession(
        ConnectionID, ticket: UInt64, ref: String?, username: String, user: UserAccount, token: String,
        tokenHash: [UInt8])
    case signup(ConnectionID, ticket: UInt64, ref: String?, token: String, tokenHash: [UInt8])
    /// A signup the limit may admit; the password is hashed next.
    case signupAdmitted(ConnectionID, ticket: UInt64, ref: String?, username: String, password: String)
    /// A failed login or `auth` being counted; the error is answered once it is.
    case failureCounted(ConnectionID, ticket: UInt64, ref: String?, error: WireError)
    case settings(ConnectionID, ticket: UInt64, ref: String?)
    case dismissReminder(ConnectionID, ticket: UInt64, ref: String?, listID: ListID, itemID: ItemID, at: Timestamp)
    case snoozeReminder(ConnectionID, ticket: UInt64, ref: String?, listID: ListID, itemID: ItemID)
    /// The user's missed reminders after a sign-in (no ticket: they are pushed, not a reply).
    case pendingReminders(ConnectionID, userID: UserID)
    /// Not about a connection: the scheduler's start and its firings.
    case reminderSchedule
    case firedReminders
    /// The mail scheduler's start, a claimed digest, and reminders whose fallback passed.
    case digestSchedule
    case digestClaimed
    case currentEmail
    /// An upload's `attach`: broadcast the event, answer the HTTP request.
    case upload(HTTPRequestID)
    /// Events read to fill a gap before events held for a checklist's subscribers.
    case gapRead(ListID, after: Int64)
    /// The head check's answer.
    case headCheck
    /// Events read for one subscriber short of the checklist's others.
    case caughtUp(ConnectionID, ListID, after: Int64)

    var connection: ConnectionID? {
        switch self {
        case .settings(let c, _, _), .dismissReminder(let c, _, _, _, _, _), .snoozeReminder(let c, _, _, _, _),
            .pendingReminders(let c, _), .liveCatchUp(let c, _):
            c
        case .reminderSchedule, .firedReminders, .upload, .gapRead, .digestSchedule, .digestClaimed, .currentEmail,
            .headCheck:
            nil
        case .caughtUp(let c, _, _):
            c
        case .encodedReply(let c, _, _), .subscribe(let c, _, _, _, _), .edit(let c, _, _, _),
            .reusedOpID(let c, _, _, _, _),
            .authenticate(let c, _, _, _), .logout(let c, _, _, _), .loginLookup(let c, _, _, _, _),
            .loginSession(let c, _, _, _, _, _, _), .signup(let c, _, _, _, _), .signupAdmitted(let c, _, _, _, _),
            .failureCounted(let c, _, _, _):
            c
        }
    }
}

/// What the hub does with a password worker's outcome.
enum PasswordContinuation {
    case signup(ConnectionID, ticket: UInt64, ref: String?, username: String)
    case login(ConnectionID, ticket: UInt64, ref: String?, username: String, user: UserAccount?)
}
