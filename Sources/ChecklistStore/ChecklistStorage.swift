public import ChecklistCore
public import Foundation

/// Encodes an event for the wire, once: the bytes the store logs are the bytes every
/// subscriber gets and every replay sends.
public typealias EventEncoder = @Sendable (ChecklistEvent) -> [UInt8]

/// The store operations the server uses, as one protocol: what a store command runs against
/// on the store thread (`StoreBackend.submit`). The rules behind it are written once
/// (`StoreRules`, over any back end's `StoragePort`).
///
/// Every call runs on the store thread, inside the batch it was handed: what one call wrote
/// becomes durable, and visible to the server, only when that batch commits. Calls refuse
/// with `StoreError.rejected(DomainError)` and change nothing; a `StoreError.failure` means
/// the batch cannot commit.
///
/// Why the event log keeps encoded wire bytes (`EventEncoder`'s output), not rows to encode
/// again: an event is encoded once, when it happens, and those same bytes are written to
/// every subscriber and replayed to every client that catches up later. A replay is then a
/// copy from the database's buffers into frames (10,000 missed events in ~39 ms), and what a
/// late client receives is byte for byte what a live one did, whatever the encoder does later.
/// The price: an event's shape is fixed when it is logged, so a protocol change that alters
/// old events needs a migration of the log, not just a new encoder.
public protocol ChecklistStorage: AnyObject {
    // MARK: Accounts

    /// Creates a user; a username already taken (ignoring case) is refused with `conflict`.
    func createUser(username: String, passwordHash: String) throws(StoreError) -> UserAccount
    /// The user and their stored password hash, or `nil` for an unknown username (any case).
    func credentials(username: String) throws(StoreError) -> (UserAccount, String)?
    func createSession(tokenHash: [UInt8], for userID: UserID) throws(StoreError)
    /// The user a session token (by its hash) belongs to, or `nil` when it is unknown or revoked.
    func user(forTokenHash tokenHash: [UInt8]) throws(StoreError) -> UserAccount?
    func deleteSession(tokenHash: [UInt8]) throws(StoreError)
    /// The user by id after a sign-in, with their Inbox made if they have none yet.
    func signedIn(_ userID: UserID) throws(StoreError) -> UserAccount?
    /// Reads the user's settings, changing the time zone first when one is given.
    func settings(for userID: UserID, timeZone: String?) throws(StoreError) -> UserAccount

    // MARK: Attempt limits (counted in the store: every server on it enforces one limit)

    /// Seconds a login for `username` (a token's `auth`: `nil`) from `address` must wait
    /// after the failures counted, or `nil` when it may go ahead.
    func loginWait(address: String, username: String?, at now: Timestamp) throws(StoreError) -> Int?
    /// Counts a failed login or `auth`.
    func loginFailed(address: String, username: String?, at now: Timestamp) throws(StoreError)
    /// Clears the failures counted for this username from this address.
    func loginSucceeded(address: String, username: String) throws(StoreError)
    /// Admits and counts a signup attempt, or returns the seconds until one will be admitted
    /// (at most `limit` an hour per address; 0: no limit).
    func admitSignup(address: String, limit: Int, at now: Timestamp) throws(StoreError) -> Int?

    // MARK: Reads

    /// Every checklist the user takes part in, with their role.
    func lists(for userID: UserID) throws(StoreError) -> [ListSummary]
    /// The events after `since` appended to `sink` as logged, or a snapshot (see `SubscribeOutcome`).
    func subscribe<Sink: ReplaySink>(
        to listID: ListID, for userID: UserID, since: Int64?, replayingInto sink: inout Sink
    ) throws(StoreError) -> SubscribeOutcome
    /// The stored events `after + 1 … through` appended to `sink` as logged, whoever asks (the
    /// hub fills a gap in events committed elsewhere); `false` when one is missing.
    func events<Sink: ReplaySink>(of listID: ListID, after: Int64, through: Int64, into sink: inout Sink)
        throws(StoreError) -> Bool

    /// The logged events after `since`, appended to `sink` while they fit in `maxBytes` (at
    /// least one): a live subscriber's catch-up when it had no room for them.
    func events<Sink: ReplaySink>(
        of listID: ListID, after since: Int64, maxBytes: Int, into sink: inout Sink
    ) throws(StoreError) -> (last: Int64, head: Int64)

    // MARK: Edits

    /// Applies one edit as one event; an `opId` its author already used returns the
    /// original acknowledgement and changes nothing.
    func apply(
        _ request: EditRequest, opID: String, by actor: Actor, kind: String?, parsed: [UInt8]?
    ) throws(StoreError) -> EditOutcome
    /// Parses `text` against the user's checklists and adds the item it describes.
    func quickAdd(
        text: String, defaultList: ListID?, timeZone: TimeZone, opID: String, by actor: Actor, newID: ItemID,
        encodeParsed: (QuickAddResult) -> [UInt8]
    ) throws(StoreError) -> EditOutcome
    /// The original acknowledgement of an `opId` this user already used, if any.
    func previousAcknowledgement(of opID: String, by userID: UserID) throws(StoreError) -> Acknowledgement?

    /// A habit checklist's scheduled days in the range, for one participant or all.
    func history(of listID: ListID, for userID: UserID, from: CivilDate, to: CivilDate, username: String?)
        throws(StoreError) -> [ChecklistState.HistoryDay]

    /// Readies what `agenda` reads (an index built from the rows), returning how many items it
    /// holds; the server calls it once at start. `agenda` readies it too if need be.
    func preparePlanning() throws(StoreError) -> Int
    /// Open items due in a range over every readable checklist, and those overdue before it.
    func agenda(for userID: UserID, from: CivilDate, to: CivilDate, now: Timestamp) throws(StoreError) -> (
        items: [AgendaEntry], overdue: [AgendaEntry]
    )

    /// Full-text search over the checklists the user reads (cancelled ones included).
    func search(_ query: String, for userID: UserID, limit: Int) throws(StoreError) -> [SearchHit]

    // MARK: Attachments

    /// Takes charge of an upload's file for the batch under way, before anything of its job can
    /// fail: it is there through any rerun of the batch and removed when the batch is over.
    func holdUpload(_ temporaryPath: String)
    /// Hands a complete upload's bytes to the store and applies its `attach` edit.
    func attach(_ upload: AttachmentUpload, maxTotalBytes: Int64, opID: String, by actor: Actor)
        throws(StoreError) -> EditOutcome
    /// The attachment and a local file with its bytes, when the user may read its checklist.
    func attachment(_ id: AttachmentID, readableBy userID: UserID) throws(StoreError) -> AttachmentLocation?

    // MARK: Calendar feeds

    /// The generation of the user's feed token for a scope (`listID` nil: all checklists),
    /// moved on by `rotate`; the hash of its token (`hashOf(generation)`) replaces the one
    /// stored before, so a rotated URL stops working at once. A checklist the user cannot
    /// read: `listNotFound`.
    func feedGeneration(for userID: UserID, listID: ListID?, rotate: Bool, hashOf: (Int) -> [UInt8]) throws(StoreError)
        -> Int
    /// Whose feed a token (by its hash) opens, or `nil` for an unknown or rotated one.
    func feedScope(forTokenHash tokenHash: [UInt8]) throws(StoreError) -> FeedScope?
    /// What the feed's content depends on, cheaply: it changes whenever the content may (the
    /// `ETag` is made from its text). `nil` when the scope's checklist is no longer the user's.
    func feedFingerprint(_ scope: FeedScope, today: CivilDate) throws(StoreError) -> FeedFingerprint?
    /// The feed's name and dated items, from the checklists its fingerprint names.
    func feedEntries(_ scope: FeedScope, of fingerprint: FeedFingerprint, today: CivilDate) throws(StoreError) -> (
        name: String, entries: [CalendarFeed.Entry]
    )

    // MARK: Reminders

    /// What the scheduler must hold at start (missed occurrences of the last 24 h included).
    func reminderSchedule(now: Timestamp) throws(StoreError) -> [ScheduledReminder]
    /// Fires due occurrences and snoozes, each at most once ever.
    func fireReminders(_ due: [ScheduledReminder], now: Timestamp) throws(StoreError) -> ReminderFiring
    /// What a user gets again when they sign in.
    func pendingReminders(for userID: UserID, now: Timestamp) throws(StoreError) -> [ReminderDelivery]
    func dismissReminder(userID: UserID, listID: ListID, itemID: ItemID, at: Timestamp) throws(StoreError)
    func snoozeReminder(userID: UserID, listID: ListID, itemID: ItemID, until: Timestamp, now: Timestamp)
        throws(StoreError) -> ReminderSnooze

    // MARK: Devices that take Web Push

    /// Stores a device's subscription for the user (the same endpoint again updates it); more
    /// than `limit` devices for one user: `tooLarge`.
    func subscribePush(_ device: PushDevice, limit: Int) throws(StoreError) -> PushDevice
    /// The user's devices, oldest first.
    func pushDevices(of userID: UserID) throws(StoreError) -> [PushDevice]
    /// Removes one of the user's devices; another user's or an unknown id: `notFound`.
    func unsubscribePush(id: String, userID: UserID) throws(StoreError)
    /// Where fired reminders go by push: each delivery to each device of its user.
    func pushDeliveries(of deliveries: [(userID: UserID, itemID: ItemID, payload: [UInt8])]) throws(StoreError)
        -> [PushDelivery]
    /// The push service said the device is gone (404 or 410), or took a push (`used`).
    func pushAnswered(deviceID: String, endpoint: String, gone: Bool, at: Timestamp) throws(StoreError)

    // MARK: Mail

    /// The user's mail settings, `nil` for none (no address given).
    func emailSettings(of userID: UserID) throws(StoreError) -> EmailSettings?
    /// Changes the user's mail settings; a new address comes back with its check's token.
    func changeEmailSettings(of userID: UserID, _ change: EmailSettingsChange, tokens: EmailTokens, now: Timestamp)
        throws(StoreError) -> (settings: EmailSettings?, verificationToken: String?)
    /// Opens an address-check link.
    func verifyEmail(tokenHash: [UInt8], now: Timestamp) throws(StoreError) -> EmailVerification
    /// One-click unsubscribe; `nil` for an unknown token.
    func unsubscribeEmail(token: String) throws(StoreError) -> EmailSettings?
    /// The fired reminders whose users take them by mail.
    func emailReminders(for deliveries: [ReminderDelivery]) throws(StoreError) -> [EmailReminder]
    /// The user's next digest after `now`, when they have a verified address and a digest time.
    func nextDigest(of userID: UserID, now: Timestamp) throws(StoreError) -> ScheduledDigest?
    /// Every digest's next instant after `now`.
    func digestSchedule(now: Timestamp) throws(StoreError) -> [ScheduledDigest]
    /// Claims a digest once and reads what it lists; the user's next digest either way.
    func claimDigest(_ digest: ScheduledDigest, now: Timestamp) throws(StoreError) -> (
        digest: EmailDigest?, next: ScheduledDigest?
    )

    // MARK: Servers sharing the store

    /// Whether other servers use the store too: only then is there anyone to `publish` to.
    var sharesCommits: Bool { get }
    /// Tells the other servers of what this batch did, when and only if it commits.
    func publish(_ notices: [ClusterNotice]) throws(StoreError)
    /// The checklists whose stored head passed the seq given (`StoragePort.heads`).
    func storedHeads(after known: [ListID: Int64]) throws(StoreError) -> [StoredHead]
}

extension ChecklistStorage {
    /// `apply` for an edit that is its own kind and carries no quick-add `parsed` object.
    public func apply(_ request: EditRequest, opID: String, by actor: Actor) throws(StoreError) -> EditOutcome {
        try apply(request, opID: opID, by: actor, kind: nil, parsed: nil)
    }
}
