import ChecklistCore
public import ChecklistStore
import Foundation

/// The store thread: runs jobs against the rules (`StoreRules`) in arrival order and commits
/// the jobs that were waiting together in one transaction of the back end (group commit).
///
/// Why: every durable commit costs a flush to disk; batching the edits that arrived while the
/// previous batch ran makes durability cost one flush per batch instead of one per edit,
/// with no added latency when the server is idle. A back end may flush on another thread
/// while the next batch runs (`StoragePort.releaseAfterBatch`).
///
/// Each job returns an `AfterCommit` closure that is called, in job order, only after its
/// batch committed and is durable (`true`) or was rolled back (`false`). That is how
/// acknowledgements and broadcasts are held back until an edit is durable, and why results
/// leave the store in the order the requests arrived.
///
/// `@unchecked Sendable`: the job queue guards itself (`RoundQueue`), the health and counts
/// are guarded; the rules and the back end are touched only by the thread this object starts
/// (and by `init`, before it starts).
public final class StoreExecutor: StoreBackend, @unchecked Sendable {
    public typealias Job = @Sendable (StoreRules) -> AfterCommit
    /// Called instead of the job when it cannot run at all (the batch could not begin, or the
    /// store is closing), so that no caller ever waits for an answer that will not come.
    public typealias Abandoned = @Sendable (StoreError) -> Void

    struct QueuedJob {
        let run: Job
        let abandon: Abandoned
        var lookAhead = BatchLookAhead()
        /// Nobody waits on it: see `submitInBackground`.
        var inBackground = false
    }

    /// How many times a batch rolled back by a conflict with another server is run again.
    public static let maxConflictReruns = 3

    private let jobs = RoundQueue<QueuedJob>()
    private let finished = DispatchSemaphore(value: 0)
    /// The back end; store thread only once started.
    let port: any StoragePort
    let rules: StoreRules
    let healthState = StoreHealthState()
    /// Told of every change of `health` (the server logs it once per transition). Set before
    /// the first job is submitted.
    public nonisolated(unsafe) var healthChanged: @Sendable (StoreHealth) -> Void = { _ in }
    public let location: String
    public let serverKey: [UInt8]
    public let uploadDirectory: String
    public let startupNotes: [String]

    /// Starts the store thread over an opened back end. At most `cachedChecklists` checklists,
    /// and about `cacheBytes` of them, stay in memory between batches.
    ///
    /// Throws when the back end cannot give the server key (the message names the store).
    public init(
        port: any StoragePort, encodeEvent: @escaping StoreRules.EventEncoder,
        cachedChecklists: Int = StoreRules.defaultCachedChecklists, cacheBytes: Int = StoreRules.defaultCacheBytes,
        limits: StoreLimits = .defaults
    ) throws(StoreError) {
        self.port = port
        location = port.location
        uploadDirectory = port.uploadDirectory
        startupNotes = port.startupNotes
        var random = SystemRandomNumberGenerator()
        let fresh = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        do {
            serverKey = try port.serverKey(orCreate: fresh)
        } catch {
            port.close()
            throw .failure("cannot read the server key from \(port.location): \(error.message)")
        }
        rules = StoreRules(
            port: port, encodeEvent: encodeEvent, cachedChecklists: cachedChecklists, cacheBytes: cacheBytes)
        rules.limits = limits
        _ = healthState.record(port.initialHealth)
        port.onPermanentFailure { [weak self, healthState] reason in
            if let changed = healthState.record(.failing(reason: reason), final: true) { self?.healthChanged(changed) }
        }
        let thread = Thread { [self] in
            Thread.current.name = "cw-store"  // the name `top -H` shows (set on the thread itself)
            run()
        }
        thread.name = "checkwire-store"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues a job for the next batch. Any thread. Exactly one of the two is called: the
    /// job's `AfterCommit` (committed or not), or `abandoned` when the job could not run — the
    /// batch could not begin (a lock held past the busy timeout, an unwritable file) or the
    /// store is closing.
    public func submit(_ job: @escaping Job, lookAhead: BatchLookAhead, abandoned: @escaping Abandoned) {
        if !jobs.append(QueuedJob(run: job, abandon: abandoned, lookAhead: lookAhead)) {
            abandoned(.failure("the store is closed"))
        }
    }

    /// Queues a job nobody waits on. A batch of such jobs alone does not wait for a lock held
    /// by another process: it is abandoned at once with the cause.
    ///
    /// Why: the planning index's build is queued at startup, before any request. With the
    /// database locked it used to sit out its whole busy timeout (5 s), and the first request,
    /// queued behind it, then waited its own: ~10 s instead of 5.
    public func submitInBackground(_ job: @escaping Job, abandoned: @escaping Abandoned) {
        if !jobs.append(QueuedJob(run: job, abandon: abandoned, inBackground: true)) {
            abandoned(.failure("the store is closed"))
        }
    }

    /// Finishes every queued job (they commit), stops the thread and closes the back end.
    public func close() {
        if jobs.stop() { finished.wait() }
    }

    /// The back end's tail of what every server commits (nothing for a store only this server
    /// writes). The port's own thread runs it; the rules need not hear of it, since a shared
    /// back end makes them check each cached checklist's head before using it.
    public func followOtherServers(_ follower: CommitFollower) {
        port.followCommits(follower)
    }

    /// Whether this server runs the reminder scheduler (always, unless other servers share
    /// the store: then one of them at a time). The port's own thread tells it.
    public func leadScheduling(_ changed: @escaping @Sendable (_ leads: Bool) -> Void) {
        port.leadScheduling(changed)
    }

    public var isShared: Bool { port.isShared }

    /// `false` once `close()` began: the health check reports it.
    public var isOpen: Bool { !jobs.isStopping }

    /// Whether the last batch could be written (see `StoreHealth`).
    public var health: StoreHealth { healthState.value }

    /// Told of each committed batch and its number of jobs (the server's metrics count them),
    /// on the store thread. Set while no job is in flight (before the first, say).
    public nonisolated(unsafe) var batchCommitted: @Sendable (_ jobs: Int) -> Void = { _ in }

    /// The next batch: every job waiting, or `nil` once closing and drained.
    func nextBatch() -> [QueuedJob]? { jobs.nextRound() }

    func finish() {
        finished.signal()
    }
}
