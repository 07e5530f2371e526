import ChecklistCore
public import ChecklistStore
public import Foundation
import Synchronization

/// The shared back end: one PostgreSQL database that several servers use at once
/// (`StoragePort`). The rules above it (`StoreRules`) are the same as for SQLite.
///
/// Thread-confined after opening, like every back end: only the store thread calls it, and it
/// blocks that thread on its connection (`PostgresLink`), never an event loop. A batch is one
/// transaction; with `synchronous_commit = on` a returned `COMMIT` is durable, so results are
/// released as soon as it returns, in batch order.
///
/// What keeps the promises with other servers writing the same rows: a checklist's row is
/// locked (`FOR UPDATE`) when the rules load it for a batch, and its stored `seq` compared with
/// the cached head, so a state another server moved on is read again before the next `seq` is
/// given out, and no other server can give one out before this batch commits; opIds are
/// unique per author in the table; usage is written as increments; reminder claims are rows
/// only one insert creates.
public final class PostgresStorage: StoragePort {
    let link: PostgresLink
    let url: PostgresURL
    /// A local cache of attachment bytes read from the database, and where uploads stream to.
    let files: AttachmentFiles
    public private(set) var initialHealth: StoreHealth = .writable
    public private(set) var startupNotes: [String] = []
    /// This server among the ones sharing the database, as its event rows record it: its tail
    /// leaves its own events out, which reach its subscribers when their batch commits.
    let node = UUID().uuidString.lowercased()
    /// Whether the batch being run logged events or notices (the tail is then hinted after its
    /// commit).
    var wroteEvents = false
    /// Notices the batch being run published, written just before its commit.
    var pendingNotices: [ClusterNotice] = []
    /// Set once by the server's thread (`followCommits`), then read by the store thread.
    let tail = Mutex<EventTail?>(nil)
    /// Set once by the server's thread (`leadScheduling`).
    let schedulerLock = Mutex<SchedulerLock?>(nil)
    /// Tests only: batches begin read-only (`refuseWrites`).
    let readOnlyBatches = Mutex(false)
    /// The batch's checklists `prepareBatch` locked, each row as read; taken out when the rules
    /// load it.
    var lockedLists: [ListID: Checklist] = [:]
    /// The batch's ops `prepareBatch` looked up: the stored acknowledgement, or `nil` for an op
    /// not used yet; an op the batch writes is taken out.
    var preparedAcks: [OpReference: Acknowledgement?] = [:]
    /// Whether the schema is known to be this build's (checked on the first connection).
    private var migrated = false

    /// Connects and migrates. Throws (the message names the server, never the password) when
    /// the URL is wrong, the credentials are refused, the database does not exist or was
    /// migrated by a newer Checkwire; a server that cannot be reached now opens with
    /// `initialHealth` failing, and every batch tries again.
    ///
    /// `cacheDirectory` holds the attachment cache and uploads in progress (default: a folder
    /// in the system's temporary folder named after the database).
    public init(url: PostgresURL, cacheDirectory: String? = nil) throws(StoreError) {
        self.url = url
        link = PostgresLink(url: url, label: "checkwire.postgres.store")
        let directory =
            cacheDirectory
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent(
                "checkwire-\(url.host)-\(url.port)-\(url.database)-attachments")
        files = AttachmentFiles(directory: directory)
        do {
            // Only uploads cut off an hour ago: another server may share the folder.
            try files.prepare(removingUploadsOlderThan: 3_600)
        } catch {
            throw .failure("cannot prepare the attachment cache \(directory): \(error)")
        }
        do {
            try connectAndMigrate()
        } catch {
            if Self.isFatal(error) {
                link.shutdown()
                throw .failure("cannot open the database \(url): \(error.message)")
            }
            initialHealth = .failing(reason: "\(url): \(error.message)")
            startupNotes.append(
                "\(url) cannot be reached (\(error.message)); serving, and connecting at each request until it answers. "
                    + "Until a restart finds it, feed URLs and signed links use a key of this process only")
        }
    }

    /// Refused credentials, a database that does not exist, a schema from a newer Checkwire, a
    /// copy that did not finish (`IncompleteCopyMark`): waiting will not fix them, so the server
    /// does not start.
    static func isFatal(_ failure: StorageFailure) -> Bool {
        let message = failure.message
        return message.contains("SQLSTATE 28") || message.contains("SQLSTATE 3D000")
            || message.contains("newer Checkwire") || message.contains("SQLSTATE 42501")
            || message.contains("incomplete copy")
    }

    private func connectAndMigrate() throws(StorageFailure) {
        if migrated, link.isConnected { return }
        _ = try link.connected()
        if !migrated {
            if try PostgresSchema.migrate(link) > 0 {
                startupNotes.append("migrated \(url) to schema \(PostgresSchema.newestVersion)")
            }
            migrated = true
        }
    }

    public var location: String { url.description }

    /// Several servers share one PostgreSQL database.
    public var isShared: Bool { true }

    public var uploadDirectory: String { files.temporaryDirectory }

    /// PostgreSQL's own durability failures surface as failed commits; nothing is reported later.
    public func onPermanentFailure(_ report: @escaping @Sendable (String) -> Void) {}

    public func serverKey(orCreate fresh: [UInt8]) throws(StorageFailure) -> [UInt8] {
        do {
            try connectAndMigrate()
            try link.query(
                "INSERT INTO server_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [.bytes(fresh)])
            return try link.query("SELECT key FROM server_key WHERE id = 1").first?.bytes(0) ?? fresh
        } catch {
            // Unreachable now (said in `startupNotes`): a key of this process until a restart
            // reads the shared one.
            return fresh
        }
    }

    // MARK: Batches

    public func runBatch(_ body: () throws(StorageFailure) -> BatchEnd) -> BatchOutcome {
        do {
            try connectAndMigrate()
            try link.query(
                readOnlyBatches.withLock { $0 }
                    ? "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY" : "BEGIN ISOLATION LEVEL READ COMMITTED")
        } catch {
            link.disconnect()
            return .didNotBegin(error)
        }
        wroteInBatch = false
        wroteEvents = false
        pendingNotices.removeAll()
        defer { forgetPrepared() }
        do {
            switch try body() {
            case .rollBack:
                try link.query("ROLLBACK")
                return .rolledBack(nil)
            case .commit:
                try writePendingNotices()
                try link.query("COMMIT")
                if wroteEvents { tail.withLock { $0 }?.hint() }
                return .committed(wrote: wroteInBatch)
            }
        } catch {
            // A statement failed, or the commit did: roll back what is open; a connection lost
            // in COMMIT leaves the outcome unknown, and a new connection is made for the next batch.
            if (try? link.query("ROLLBACK")) == nil { link.disconnect() }
            return .rolledBack(error)
        }
    }

    /// Whether the batch being run wrote anything (set by the writing calls).
    var wroteInBatch = false

    /// Starts the tail of every server's commits (`EventTail`).
    public func followCommits(_ follower: CommitFollower) {
        let started = EventTail(url: url, node: node, follower: follower)
        tail.withLock { $0 = started }
    }

    /// One server of the database at a time runs the reminder scheduler (`SchedulerLock`).
    public func leadScheduling(_ changed: @escaping @Sendable (Bool) -> Void) {
        let started = SchedulerLock(url: url, changed: changed)
        schedulerLock.withLock { $0 = started }
    }

    /// A committed batch is already durable (`synchronous_commit = on`): released at once, which
    /// is batch order, since batches run one after another on the store thread.
    public func releaseAfterBatch(wrote: Bool, _ release: @escaping @Sendable (Bool) -> Void) {
        release(true)
    }

    public func close() {
        tail.withLock { $0 }?.stop()
        schedulerLock.withLock { $0 }?.stop()
        link.shutdown()
    }
}
