public import ChecklistCore
public import ChecklistStore
import Foundation

/// The store's rules, written once over any back end (`StoragePort`): opId idempotency,
/// per-user limits, authorization, turning an edit into an event (its `seq`, encoded once),
/// reminder occurrences and claims, the planning index, feed tokens and attachment
/// bookkeeping. It is the `ChecklistStorage` the server's store commands run against.
///
/// Thread-confined: only the store thread (`StoreExecutor`) calls it, always inside a batch
/// the executor began. Checklists in use are cached as `ChecklistState` values; an edit is
/// applied to the cached value by the pure core. What the batch changed — its events, the
/// checklist and item rows, participants, check-ins, usage — is written through the port
/// once, just before the commit (`flushPendingWrites`), so fifty edits of one item in a batch
/// write its row once; it is the same transaction, so nothing is less durable. A read that
/// needs the tables to show the batch's own changes (a replay, the agenda, search, a feed)
/// writes them first. If the batch cannot commit, the checklists it touched are dropped from
/// the cache and reloaded when next used.
///
/// Never imports Transport or WireProtocol: events are encoded by the `EventEncoder` it is
/// given, so the bytes it logs are the bytes the server sends.
public final class StoreRules {
    public typealias EventEncoder = @Sendable (ChecklistEvent) -> [UInt8]

    /// At least this many of the newest events of every checklist can be replayed; a
    /// subscriber further behind gets a snapshot, which is then smaller than the replay.
    public static let replayWindow: Int64 = 10_000
    /// At most this many events are read from the log for one chunk of a live subscriber's
    /// catch-up (`events(of:after:maxBytes:into:)`), whatever its byte bound.
    public static let catchUpReadEvents: Int64 = 1_024
    /// How many checklists the store keeps in memory unless told otherwise.
    public static let defaultCachedChecklists = 5_000
    /// How many bytes of checklists the store keeps in memory unless told otherwise.
    public static let defaultCacheBytes = 256 << 20

    let port: any StoragePort
    let encodeEvent: EventEncoder
    /// Checklists in use (see `StateCache`: bounded, least recently used dropped first).
    var states: StateCache
    /// Limits per user; checked before an edit touches anything.
    public var limits = StoreLimits.defaults
    /// Lists owned and log bytes stored, per user seen since start (loaded on first use).
    var usage: [UserID: UserUsage] = [:]
    /// What the current batch changed, and what of it is not written yet.
    var batch = BatchChanges()
    /// Set when the back end failed inside the batch: the executor must roll the batch back,
    /// because that job may have written some of its rows and not others.
    var poisoned = false
    /// The back end's words for what poisoned the batch, for the health report.
    var poisonCause: String?
    /// Whether a conflict with another server's transaction poisoned it: the executor then
    /// runs the whole batch again (`StoreExecutor.maxConflictReruns`).
    var poisonedByConflict = false
    /// Open dated items in memory, for `agenda`; `nil` until first used and after a rollback.
    var planning: PlanningIndex?
    /// When reminder claims were last pruned (`fireReminders` prunes hourly).
    var lastClaimPrune = Timestamp(milliseconds: 0)
    /// How failed logins are slowed (tests may change it).
    public var throttle = LoginThrottle()
    /// When stale attempt counts were last forgotten (hourly).
    var lastAttemptPrune = Timestamp(milliseconds: 0)
    /// The batch's uploads, each by its temporary path, with a second name for its file kept
    /// until the batch is over (`UploadsKept`), through any reruns.
    var uploadsKept = UploadsKept()

    init(
        port: any StoragePort, encodeEvent: @escaping EventEncoder, cachedChecklists: Int = defaultCachedChecklists,
        cacheBytes: Int = defaultCacheBytes
    ) {
        self.port = port
        self.encodeEvent = encodeEvent
        states = StateCache(capacity: cachedChecklists, maxBytes: cacheBytes)
    }

    /// Checklists held in memory now (tests check the bound with it).
    public var cachedChecklistCount: Int { states.count }

    /// The estimated bytes of the checklists held, as of the last trim (tests check the bound).
    public var cachedBytes: Int { states.estimatedBytes }

    var now: Timestamp { Timestamp(Date()) }

    static func newID() -> String { UUID().uuidString.lowercased() }

    // MARK: The batch, as the executor drives it

    /// Called when a batch begins.
    func beginBatch() {
        batch.removeAll()
        poisoned = false
        poisonCause = nil
        poisonedByConflict = false
    }

    /// Called when a batch could not commit: the checklists it changed are dropped from the
    /// cache, so the next use reloads them as they are stored.
    func rollBackBatch() {
        for id in batch.lists.keys { states[id] = nil }
        for id in batch.usageUsers { usage[id] = nil }
        // Rebuilt from the rows on next use rather than undoing this batch's changes to it.
        planning = nil
        batch.removeAll()
    }

    /// Called between batches: drops the least recently used checklists beyond the bound.
    func trimCache() { states.trim() }

    // MARK: Errors

    /// The `StoreError` for anything a job threw: store errors as they are, rule violations
    /// as `rejected` (nothing was changed), a back end's failure as `failure` (the batch is
    /// rolled back).
    func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DomainError { return .rejected(error) }
        if let error = error as? StorageFailure { return failed(error) }
        return failed(StorageFailure(String(describing: error)))
    }

    /// Records a back end's failure so the batch is rolled back, and describes it.
    func failed(_ failure: StorageFailure) -> StoreError {
        poisoned = true
        poisonCause = failure.message
        if failure.kind == .conflict { poisonedByConflict = true }
        return .failure(failure.message)
    }
}

extension StoreRules: ChecklistStorage {}
