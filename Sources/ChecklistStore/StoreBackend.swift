import Foundation

/// A store as the server drives it: jobs run on the store thread, in arrival order, in
/// batches that commit together; each job's `AfterCommit` is called, in job order, once its
/// batch committed or failed. `StoreExecutor` (the rules over any back end) is the one there
/// is; the server never knows which back end is beneath it.
///
/// The promise that keeps the server from wedging: every submitted job is answered exactly
/// once — its `AfterCommit`, or `abandoned` when it could not run at all.
public protocol StoreBackend: AnyObject, Sendable {
    associatedtype Storage: ChecklistStorage
    typealias AfterCommit = @Sendable (_ committed: Bool) -> Void

    /// Queues a job for the next batch. Any thread. `lookAhead` names what the job is about to
    /// touch, so that the batch can read it for all its jobs at once (see `BatchLookAhead`).
    func submit(
        _ job: @escaping @Sendable (Storage) -> AfterCommit, lookAhead: BatchLookAhead,
        abandoned: @escaping @Sendable (StoreError) -> Void)
    /// Queues a job nobody waits on (the planning index's build at startup). Run alone, its
    /// batch does not wait for a lock another process holds: it is abandoned at once instead,
    /// so the requests queued behind it wait only for their own batch.
    func submitInBackground(
        _ job: @escaping @Sendable (Storage) -> AfterCommit, abandoned: @escaping @Sendable (StoreError) -> Void)
    /// `false` once the back end is closing: the health check reports it.
    var isOpen: Bool { get }
    /// Whether the last write went through (`/healthz` reports it).
    var health: StoreHealth { get }
    /// Told of each change of `health`, for one log line per transition.
    var healthChanged: @Sendable (StoreHealth) -> Void { get set }
    /// Told of each committed batch, with its number of jobs (the server counts them in its
    /// metrics), on the store thread. Set while no job is in flight (before the first, say).
    var batchCommitted: @Sendable (_ jobs: Int) -> Void { get set }
    /// Where the store is, for log lines (the database file's path, say).
    var location: String { get }
    /// The server's secret (32 bytes), kept in the store so that every server on it shares it:
    /// feed tokens are derived from it and attachment links signed with it.
    var serverKey: [UInt8] { get }
    /// A local folder where the server streams an upload before handing it to `attach`.
    var uploadDirectory: String { get }
    /// Lines for the log about what opening the store did.
    var startupNotes: [String] { get }
    /// Finishes every queued job, then closes.
    func close()
    /// On a store other servers write too, starts handing `follower` the events and notices
    /// the other servers commit (events in any order, perhaps again), from a thread of the
    /// store's.
    func followOtherServers(_ follower: CommitFollower)
    /// Tells `changed` whether this server runs the reminder scheduler, now and whenever that
    /// changes (on a store other servers share, one of them at a time), from any thread.
    func leadScheduling(_ changed: @escaping @Sendable (_ leads: Bool) -> Void)
    /// Whether other servers use the store too.
    var isShared: Bool { get }
}

extension StoreBackend {
    /// `submit` for a job that names nothing ahead.
    public func submit(
        _ job: @escaping @Sendable (Storage) -> AfterCommit, abandoned: @escaping @Sendable (StoreError) -> Void
    ) {
        submit(job, lookAhead: BatchLookAhead(), abandoned: abandoned)
    }

    /// `submit` for a job whose submitter waits for nothing if it cannot run (tests).
    public func submit(_ job: @escaping @Sendable (Storage) -> AfterCommit) {
        submit(job, abandoned: { _ in })
    }

    /// Runs `work` in the next batch and waits until that batch committed (or the job was
    /// abandoned). For threads that may block — tests and tools; never the lws service thread.
    public func sync<T: Sendable>(
        lookAhead: BatchLookAhead = BatchLookAhead(), _ work: @escaping @Sendable (Storage) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let box = SyncResult<T>()
        submit(
            { storage in
                let result: Result<T, StoreError>
                do throws(StoreError) { result = .success(try work(storage)) } catch { result = .failure(error) }
                return { committed in box.finish(committed ? result : .failure(.failure("the store could not commit")))
                }
            }, lookAhead: lookAhead, abandoned: { error in box.finish(.failure(error)) })
        return try box.wait().get()
    }
}

/// Carries one result from the store thread to a waiting thread; the semaphore orders the
/// write before the read, which is why it may be `@unchecked Sendable`.
private final class SyncResult<T: Sendable>: @unchecked Sendable {
    private var value: Result<T, StoreError>?
    private let done = DispatchSemaphore(value: 0)

    func finish(_ result: Result<T, StoreError>) {
        value = result
        done.signal()
    }

    func wait() -> Result<T, StoreError> {
        done.wait()
        return value ?? .failure(.failure("the store is closed"))
    }
}
