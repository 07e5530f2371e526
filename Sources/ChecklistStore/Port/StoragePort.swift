public import ChecklistCore

/// A store back end, as the rules layer (`StoreRules`) uses it: the one seam a second back
/// end implements. The rules — opId idempotency, limits, authorization, turning an edit into
/// an event, reminder claims, the planning index, feed tokens, attachment bookkeeping — are
/// written once above it; a back end only keeps rows and bytes.
///
/// Every requirement but the few marked otherwise is called on the store thread, inside the
/// batch transaction `beginBatch` opened: what a call writes becomes durable only when that
/// batch commits, and a read sees the batch's own earlier writes. A back end is therefore
/// thread-confined and not `Sendable`. Failures come back as `StorageFailure`, in the back
/// end's own words: no type of the back end's driver crosses the seam.
///
/// The model is a database library's writer protocol (a few general requirements, the rules
/// above them) and its one test body per requirement run against every implementation: the
/// contract suite (`StorageBackendKind`) runs each test on every back end.
public protocol StoragePort: AnyObject {
    // MARK: Opening (the opening thread, before the store thread starts)

    /// Where the store is, in the words an operator uses (a database file's path): log lines
    /// and health reasons name it.
    var location: String { get }
    /// Whether other servers write the same store: the rules then check a cached checklist
    /// against its stored head before reading it too, not only before editing it.
    var isShared: Bool { get }
    /// Starts handing `follower` the events and notices every server on a shared store
    /// commits, from now on, on a thread of the back end's own (never the store thread, which
    /// this does not block). Called once, as the server starts listening.
    func followCommits(_ follower: CommitFollower)
    /// Tells `changed` whether this server runs the reminder scheduler, now and whenever that
    /// changes: on a shared store one server at a time does, and another takes over when it
    /// goes. Called once, as the server starts listening; `changed` runs on any thread.
    func leadScheduling(_ changed: @escaping @Sendable (_ leads: Bool) -> Void)
    /// What the back end found when it opened: a file it may only read, a lock held elsewhere.
    var initialHealth: StoreHealth { get }
    /// Lines for the log about what opening did (files removed, keys imported).
    var startupNotes: [String] { get }
    /// The server's secret (32 bytes), shared by every server on this store: the stored one,
    /// or `fresh` stored now when there is none yet.
    func serverKey(orCreate fresh: [UInt8]) throws(StorageFailure) -> [UInt8]
    /// A local folder where the server may stream an upload before it is handed to
    /// `putAttachment`; emptied when the back end opens.
    var uploadDirectory: String { get }
    /// Tells the back end how to report a failure that makes every later batch fail (a flush
    /// the disk did not confirm): the health turns failing for good. Called once, before the
    /// store thread starts; the back end may call `report` from any thread.
    func onPermanentFailure(_ report: @escaping @Sendable (String) -> Void)

    // MARK: Batches

    /// Runs one batch in one transaction: begins it, calls
    /// `body` (which runs the batch's jobs against the rules and writes what they changed), and
    /// commits when `body` returns `.commit`; rolls back when it returns `.rollBack` or throws,
    /// or when the commit fails. Says what happened, and whether the batch wrote anything (a
    /// batch that only read needs no flush, and proves nothing about whether writes go through).
    func runBatch(_ body: () throws(StorageFailure) -> BatchEnd) -> BatchOutcome
    /// `runBatch` for work nobody waits on: if another process holds the database's write
    /// lock it gives up at once (`.didNotBegin`) instead of waiting out its busy timeout.
    func runBatchUnlessLocked(_ body: () throws(StorageFailure) -> BatchEnd) -> BatchOutcome
    /// Told, inside the batch's transaction and before its first job runs, what the jobs are
    /// about to touch (`BatchLookAhead`); a back end may lock and read it all at once. Called
    /// again for a batch run again.
    func prepareBatch(_ lookAhead: BatchLookAhead) throws(StorageFailure)
    /// Calls `release(durable)` once the batch just run is durable, after every earlier batch's
    /// release; `durable` false when what was committed may be lost. Batches that wrote
    /// nothing, failed or did not begin are released in the same order, so that no answer
    /// overtakes the acknowledgement of an edit that came before it.
    func releaseAfterBatch(wrote: Bool, _ release: @escaping @Sendable (_ durable: Bool) -> Void)
    /// Ends the back end when the store thread ends: pending releases go out, files close.
    func close()

    // MARK: Checklists and the event log

    /// The checklist's rows as one state (its `seq` the head of its log); `.current` when the
    /// caller's cached head is still the stored one, `.missing` when there is no checklist.
    func loadChecklist(_ id: ListID, unlessHeadIs cachedHead: Int64?) throws(StorageFailure) -> ChecklistLoad
    /// Writes what the batch changed: its events (each also its op's acknowledgement), the
    /// rows of the checklists and items it changed, participants, check-ins, usage and
    /// attachment records, in that order of tables. In the batch's transaction.
    func write(_ batch: BatchWrite) throws(StorageFailure)
    /// Appends the stored events `after + 1 … through` of a checklist to `sink`, each as it was
    /// logged; `false` when one of them is missing (the log is not complete there).
    func readEvents<Sink: ReplaySink>(of listID: ListID, after: Int64, through: Int64, into sink: inout Sink)
        throws(StorageFailure) -> Bool
    /// The acknowledgement stored with the event of an `opId` this user already used.
    func acknowledgement(of opID: String, by userID: UserID) throws(StorageFailure) -> Acknowledgement?
    /// Every checklist the user takes part in, with their role and the checklist's head.
    func memberships(of userID: UserID) throws(StorageFailure) -> [Membership]

    // MARK: Planning, reminders' schedule, feeds and search

    /// Visits the items `selection` names: each checklist they are in first (`checklist`), then
    /// the items (`item`).
    func scanItems(
        _ selection: ItemSelection, checklist: (Checklist) -> Void, item: (ScannedItem) -> Void
    ) throws(StorageFailure)
    /// Full-text matches of `words` (every word required, the last one as a prefix) in the
    /// checklists `userID` takes part in, best first, at most `limit`. `rowFor` says for which
    /// checklists the rules want the matched item's row (those not in their cache).
    func search(_ words: [String], for userID: UserID, limit: Int, rowFor: (ListID) -> Bool)
        throws(StorageFailure) -> [SearchMatch]

    // MARK: Accounts and tokens

    /// A user by id, by username (ignoring case) or by a session token's hash.
    func account(_ key: AccountKey) throws(StorageFailure) -> StoredAccount?
    /// A calendar feed token by its hash, or the one of a user's scope.
    func feedToken(_ key: FeedTokenKey) throws(StorageFailure) -> StoredFeedToken?
    /// Creates or changes a user, a session or a feed token.
    func write(_ change: AccountChange) throws(StorageFailure)

    // MARK: Attempt limits

    /// A count of failed logins or signups, shared by every server on the store.
    func attempts(_ key: AttemptKey) throws(StorageFailure) -> AttemptCount?
    /// Counts an attempt, clears a count, or forgets stale ones.
    func write(_ change: AttemptChange) throws(StorageFailure)

    // MARK: Reminders

    /// Claims a reminder occurrence or the end of a snooze: `true` for the one claim that wins,
    /// on this server or any other on the same store; `false` ever after.
    func claim(_ claim: ReminderClaim, at now: Timestamp) throws(StorageFailure) -> Bool
    /// What users were sent and what they snoozed.
    func reminderRecords(_ query: ReminderQuery) throws(StorageFailure) -> [ReminderRecord]
    /// Records a delivery, a dismissal or a snooze, or forgets old claims.
    func write(_ change: ReminderChange) throws(StorageFailure)
    /// Tells the other servers on a shared store of what this batch did (`ClusterNotice`), when
    /// and only if it commits.
    func publish(_ notices: [ClusterNotice]) throws(StorageFailure)
    /// On a shared store, the stored heads of the checklists whose head passed the seq given
    /// (events committed elsewhere that this server may not have read yet), with the notices
    /// of the events past it.
    func heads(after known: [ListID: Int64]) throws(StorageFailure) -> [StoredHead]

    // MARK: Attachments

    /// Stores the bytes of a complete upload (the file at `temporaryPath`, whose SHA-256 is
    /// `sha256`) under their hash; the temporary file is gone afterwards. Returns whether they
    /// were new (not stored before).
    func putAttachment(from temporaryPath: String, sha256: String) throws(StorageFailure) -> Bool
    /// Forgets bytes `putAttachment` just stored as new, when the edit that needed them was refused.
    func removeAttachment(sha256: String)
    /// A local file holding the bytes, for a download to stream from; `nil` when no bytes are
    /// stored under the hash.
    func attachmentFile(sha256: String) throws(StorageFailure) -> String?
    /// The attachments with this id, or whose bytes have this hash.
    func attachmentRecords(_ key: AttachmentKey) throws(StorageFailure) -> [AttachmentRecord]
    /// The bytes stored for attachments, each content once.
    func storedAttachmentBytes() throws(StorageFailure) -> Int64
}

extension StoragePort {
    /// Only this server writes the store, unless the back end says otherwise.
    public var isShared: Bool { false }
}

extension StoragePort {
    /// A back end with no lock to wait for (or that waits no longer than it must) runs the
    /// batch as usual.
    public func runBatchUnlessLocked(_ body: () throws(StorageFailure) -> BatchEnd) -> BatchOutcome {
        runBatch(body)
    }

    /// A back end whose reads cost no round trip reads each thing when it is needed.
    public func prepareBatch(_ lookAhead: BatchLookAhead) throws(StorageFailure) {}
}
