import ChecklistCore
import ChecklistStore
import Credentials
import Foundation

/// One store call the hub asks for, as a value: what crosses from the service thread to the
/// store thread. The hub keeps what to do with the answer (`StoreContinuation`) under the
/// request's id, so neither side holds the other's closures and the hub can be tested by
/// reading the commands it issues and feeding it replies.
enum StoreCommand: Hashable, Sendable {
    // Accounts
    case createUser(username: String, passwordHash: String, tokenHash: [UInt8])
    /// A login's lookup, unless failures from `address` must wait first.
    case credentials(username: String, address: String, now: Timestamp)
    /// A login that succeeded: the session, and the failures for `username` from `address` cleared.
    case createSession(tokenHash: [UInt8], userID: UserID, address: String, username: String)
    /// An `auth`'s lookup, unless failures from `address` must wait first.
    case userForToken(tokenHash: [UInt8], address: String, now: Timestamp)
    /// Counts a failed login (`username`) or `auth` (`nil`), so every server slows the next.
    case loginFailed(address: String, username: String?, now: Timestamp)
    /// Admits and counts a signup from `address`, or says how long to wait.
    case admitSignup(address: String, limit: Int, now: Timestamp)
    case deleteSession(tokenHash: [UInt8])
    // Reads
    /// `ref` is encoded into the reply on the store thread.
    case lists(userID: UserID, ref: String?)
    case subscribe(listID: ListID, userID: UserID, since: Int64?, ref: String?)
    /// Stored events of a checklist, for subscribers here (a gap in events from elsewhere).
    case events(listID: ListID, after: Int64, through: Int64)
    /// The head check of a shared store: which subscribed checklists moved past what was sent.
    case storedHeads([ListID: Int64])
    /// The next events of a live subscription that had no room for them (`LiveCatchUps`).
    case liveCatchUp(listID: ListID, after: Int64, maxBytes: Int)
    // Edits
    case apply(EditRequest, opID: String, actor: Actor)
    case quickAdd(text: String, defaultList: ListID?, timeZone: TimeZone, opID: String, actor: Actor, newID: ItemID)
    case previousAcknowledgement(opID: String, userID: UserID)
    // Settings and reminders
    /// Reads the settings, changing the zone and the mail settings first when asked (`tokens`:
    /// fresh ones for a new address).
    case settings(
        userID: UserID, timeZone: String?, email: EmailSettingsChange = EmailSettingsChange(),
        tokens: EmailTokens? = nil, now: Timestamp = Timestamp(milliseconds: 0))
    case reminderSchedule(now: Timestamp)
    case fireReminders([ScheduledReminder], now: Timestamp)
    case pendingReminders(userID: UserID, now: Timestamp)
    case dismissReminder(userID: UserID, listID: ListID, itemID: ItemID, at: Timestamp)
    case snoozeReminder(userID: UserID, listID: ListID, itemID: ItemID, until: Timestamp, now: Timestamp)
    case history(listID: ListID, userID: UserID, from: CivilDate, to: CivilDate, username: String?, ref: String?)
    case agenda(userID: UserID, from: CivilDate, to: CivilDate, now: Timestamp, ref: String?)
    case search(userID: UserID, query: String, limit: Int, ref: String?)
    // Calendar feeds
    case feedURL(userID: UserID, listID: ListID?, rotate: Bool, key: ServerKey, baseURL: String, ref: String?)
    case feedDocument(tokenHash: [UInt8], components: CalendarFeed.Components, ifNoneMatch: String?, now: Timestamp)
    // Attachments
    /// An upload, by the session token its request carried.
    case attach(AttachmentUpload, maxTotalBytes: Int64, opID: String, tokenHash: [UInt8])
    /// A download, by a session token's hash or the user a signed URL was made for.
    case attachmentLookup(id: AttachmentID, tokenHash: [UInt8]?, userID: UserID?)
    // Devices that take Web Push
    case pushSubscribe(PushDevice, ref: String?)
    case pushDevices(userID: UserID, ref: String?)
    case pushUnsubscribe(id: String, userID: UserID, ref: String?)
    /// A push service's answer: the device is gone (404/410), or it took the push.
    case pushAnswered(deviceID: String, endpoint: String, gone: Bool, at: Timestamp)
    // Mail
    /// Every digest's next instant (the scheduler's start).
    case digestSchedule(now: Timestamp)
    /// Claims a digest once and reads what it lists.
    case claimDigest(ScheduledDigest, now: Timestamp)
    /// The reminders whose fallback minute passed, kept only if their users still take mail
    /// (with their settings as they are now).
    case currentEmail([EmailReminder])
    /// An address-check link was opened.
    case verifyEmail(tokenHash: [UInt8], now: Timestamp)
    /// A one-click unsubscribe.
    case unsubscribeEmail(token: String)
}

extension StoreCommand {
    /// Edits change the log; the rest read or touch accounts (metrics tell them apart).
    var isEdit: Bool {
        switch self {
        case .apply, .quickAdd, .fireReminders, .attach, .pushSubscribe, .pushUnsubscribe, .pushAnswered,
            .claimDigest, .verifyEmail, .unsubscribeEmail:
            true
        default: false
        }
    }

    /// What the command's job is about to touch, for the batch to read it for all its jobs at
    /// once (`BatchLookAhead`): an edit's checklist and its op. A create names its new id too,
    /// which finds nothing, as the edit would.
    var lookAhead: BatchLookAhead {
        switch self {
        case .apply(let request, let opID, let actor):
            BatchLookAhead(checklists: [request.listID], ops: [OpReference(userID: actor.userID, opID: opID)])
        case .quickAdd(_, _, _, let opID, let actor, _):
            BatchLookAhead(ops: [OpReference(userID: actor.userID, opID: opID)])
        default:
            BatchLookAhead()
        }
    }

    /// Startup work nobody waits on: it must not make the first request wait out a lock
    /// another process holds (see `StoreBackend.submitInBackground`).
    var runsInBackground: Bool {
        if case .reminderSchedule = self { true } else { false }
    }
}

/// A store command with the id its reply will carry.
struct StoreRequest: Hashable, Sendable {
    var id: UInt64
    var command: StoreCommand
}

/// What a store command produced, once its batch committed.
enum StoreReply: Sendable {
    case user(UserAccount?)
    case credentials((user: UserAccount, passwordHash: String)?)
    case done
    /// A login, `auth` or signup refused by the limits on attempts: wait this many seconds.
    case throttled(retryAfter: Int)
    /// `lists`, already encoded on the store thread.
    case encoded([UInt8])
    case catchUp(CatchUp)
    /// Stored events as logged, in order.
    case events([[UInt8]])
    case heads([StoredHead])
    /// A live subscription's catch-up chunk, framed.
    case eventRange(EventRange)
    case committed(CommittedEdit)
    case acknowledgement(Acknowledgement?)
    case schedule([ScheduledReminder])
    case fired(FiredReminders)
    /// `reminder` messages for one user, encoded on the store thread.
    case reminders([[UInt8]])
    case snoozed(ReminderSnooze)
    /// `settings`: the account, its mail settings, the new address's check token if one is to
    /// be mailed, and the user's next digest.
    case settings(UserAccount, EmailSettings?, verificationToken: String?, nextDigest: ScheduledDigest?)
    case digestSchedule([ScheduledDigest])
    case digest(EmailDigest?, next: ScheduledDigest?)
    case emailReminders([EmailReminder])
    case emailVerified(EmailVerification, nextDigest: ScheduledDigest?)
    case emailUnsubscribed(EmailSettings?)
    case feed(FeedDocument)
    case attached(CommittedEdit, Attachment)
    /// A download's attachment; `nil`: none this user may read.
    case attachmentFound(AttachmentLocation?)
    /// The request's session token is unknown or revoked.
    case unauthenticated
}

/// Fired reminders as the service thread needs them: each user's messages already encoded.
struct FiredReminders: Sendable {
    var messages: [(userID: UserID, message: [UInt8])]
    /// The same reminders to each device of their users that takes push.
    var pushes: [PushDelivery] = []
    /// The same reminders for users who take them by mail (sent if no device takes them).
    var emails: [EmailReminder] = []
    var fired: Int
    var late: Int
    var next: [ScheduledReminder]
}

/// A store reply on its way back to the hub: its request's id and the outcome. A batch that
/// did not commit turns every reply in it into a failure.
struct StoreResponse: Sendable {
    var id: UInt64
    var result: Result<StoreReply, StoreError>
}
