public import ChecklistCore
import Foundation
import GRDB

/// Owns the SQLite database: migrations, the event log, the materialized state of every
/// checklist, users and sessions.
///
/// Thread-confined: only the store thread (`StoreExecutor`) calls it, always inside a
/// batch transaction it is handed. Checklists in use are cached as `ChecklistState`
/// values; an edit is applied to the cached value by the pure core and its event is
/// written at once. The list and item rows it changed are written once per batch, just
/// before the commit (`writeChangedRows`), so fifty edits of one item in a batch write its
/// row once; they are in the same transaction, so nothing is less durable. If the batch
/// cannot commit, the checklists it touched are dropped from the cache and reloaded from
/// disk when next used.
///
/// Never imports Transport or WireProtocol: events are encoded by the `EventEncoder` it is
/// given, so the bytes it logs are the bytes the server sends.
public final class ChecklistStore {
    public typealias EventEncoder = @Sendable (ChecklistEvent) -> [UInt8]

    /// At least this many of the newest events of every checklist can be replayed; a
    /// subscriber further behind gets a snapshot, which is then smaller than the replay.
    public static let replayWindow: Int64 = 10_000

    let encodeEvent: EventEncoder
    /// Checklists in use (see `StateCache`: bounded, least recently used dropped first).
    var states: StateCache
    /// Checklists the current batch changed, whose list row is written before the commit.
    var changedLists: Set<ListID> = []
    /// Items the current batch changed, per checklist, whose rows are written before the commit.
    var changedItems: [ListID: Set<ItemID>] = [:]
    /// Prepared on first use; finalized by `closeStatements()` before the connection closes.
    var editStatements: EditStatements?
    /// Limits per user; checked before an edit touches anything.
    public var limits = StoreLimits.defaults
    /// Lists owned and log bytes stored, per user seen since start (loaded on first use).
    var usage: [UserID: UserUsage] = [:]
    /// Users whose `stored_bytes` the current batch changed.
    var changedUsage: Set<UserID> = []
    /// Set when SQLite failed inside the batch: the executor must roll the batch back,
    /// because that job may have written some of its rows and not others.
    var poisoned = false
    /// SQLite's words for what poisoned the batch, for the health report.
    var poisonCause: String?

    /// Open dated items in memory, for `agenda`; `nil` until first used and after a rollback.
    var planning: PlanningIndex?

    /// When reminder claims were last pruned (`fireReminders` prunes hourly).
    var lastClaimPrune = Timestamp(milliseconds: 0)

    /// The connection of the batch being run; only valid inside a job.
    var batchDatabase: Database?

    var db: Database {
        guard let batchDatabase else { preconditionFailure("the store is used only inside a StoreExecutor job") }
        return batchDatabase
    }

    /// How many checklists the store keeps in memory unless told otherwise.
    public static let defaultCachedChecklists = 5_000

    /// How many bytes of checklists the store keeps in memory unless told otherwise.
    public static let defaultCacheBytes = 256 << 20

    init(
        encodeEvent: @escaping EventEncoder, cachedChecklists: Int = ChecklistStore.defaultCachedChecklists,
        cacheBytes: Int = ChecklistStore.defaultCacheBytes
    ) {
        self.encodeEvent = encodeEvent
        states = StateCache(capacity: cachedChecklists, maxBytes: cacheBytes)
    }

    /// Checklists held in memory now (tests check the bound with it).
    public var cachedChecklistCount: Int { states.count }

    /// The estimated bytes of the checklists held, as of the last trim (tests check the bound).
    public var cachedBytes: Int { states.estimatedBytes }

    /// Called between batches: drops the least recently used checklists beyond the bound.
    func trimCache() { states.trim() }

    /// Called when a batch begins.
    func beginBatch() {
        changedLists.removeAll(keepingCapacity: true)
        changedItems.removeAll(keepingCapacity: true)
        changedUsage.removeAll(keepingCapacity: true)
    }

    /// Called when a batch could not commit: the checklists it changed are dropped from the
    /// cache, so the next use reloads them as they are on disk.
    func rollBackBatch() {
        for id in changedLists { states[id] = nil }
        for id in changedUsage { usage[id] = nil }
        // Rebuilt from the rows on next use rather than undoing this batch's changes to it.
        planning = nil
        beginBatch()
    }

    /// Writes the list and item rows the batch changed; the executor calls it just before
    /// committing.
    func writeChangedRows() throws {
        try writeChangedUsage()
        guard !changedLists.isEmpty else { return }
        let upsertList = try db.cachedStatement(sql: RowCodec.upsertList)
        let upsertItem = try db.cachedStatement(sql: RowCodec.upsertItem)
        let upsertDocument = try db.cachedStatement(
            sql: """
                INSERT INTO search_docs (list_id, item_id, title, body) VALUES (?,?,?,?)
                ON CONFLICT (list_id, item_id) DO UPDATE SET title = excluded.title, body = excluded.body
                    WHERE title != excluded.title OR body != excluded.body
                """)
        let modifiedAt = now.milliseconds
        for id in changedLists {
            guard let state = states[id] else { continue }
            try upsertList.execute(arguments: RowCodec.arguments(state.list))
            try upsertDocument.execute(arguments: [id, "", state.list.title, state.list.description ?? ""])
            for itemID in changedItems[id] ?? [] {
                guard let item = state.items[itemID] else { continue }
                try upsertItem.execute(arguments: RowCodec.arguments(item, in: id) + [modifiedAt])
                let body = [item.notes, item.location].compactMap { $0 }.joined(separator: " ")
                try upsertDocument.execute(arguments: [id, itemID, item.title, body])
            }
            planning?.update(from: state, changed: changedItems[id] ?? [])
        }
    }

    /// The per-edit statements, prepared on first use in this connection.
    func statements() throws -> EditStatements {
        if let editStatements { return editStatements }
        let prepared = try EditStatements(db)
        editStatements = prepared
        return prepared
    }

    /// Finalizes the prepared statements; called on the store thread before the connection closes.
    func closeStatements() {
        editStatements?.finalize()
        editStatements = nil
    }

    var now: Timestamp { Timestamp(Date()) }

    /// The `StoreError` for anything a job threw: store errors as they are, rule violations
    /// as `rejected` (nothing was changed), anything else as a database failure.
    func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DomainError { return .rejected(error) }
        return failed(error)
    }

    /// Records a database failure so the batch is rolled back, and describes it.
    func failed(_ error: any Error) -> StoreError {
        poisoned = true
        poisonCause = StoreExecutor.describe(error)
        return .failure(String(describing: error))
    }

    static func newID() -> String { UUID().uuidString.lowercased() }
}
