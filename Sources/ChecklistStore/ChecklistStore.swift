import ChecklistCore
import Foundation
import GRDB

/// Owns the SQLite database: migrations, the event log, the materialized state of every
/// checklist, users and sessions.
///
/// Thread-confined: only the store thread (`StoreExecutor`) calls it, always inside a
/// batch transaction it is handed. Checklists in use are cached as `ChecklistState`
/// values; an edit is applied to the cached value by the pure core and the rows it changed
/// are written in the same transaction as its event. If the batch cannot commit, the
/// cached values are put back as they were before the batch.
///
/// Never imports Transport or WireProtocol: events are encoded by the `EventEncoder` it is
/// given, so the bytes it logs are the bytes the server sends.
public final class ChecklistStore {
    public typealias EventEncoder = @Sendable (ChecklistEvent) -> [UInt8]

    /// At least this many of the newest events of every checklist can be replayed; a
    /// subscriber further behind gets a snapshot, which is then smaller than the replay.
    public static let replayWindow: Int64 = 10_000

    let encodeEvent: EventEncoder
    var states: [ListID: ChecklistState] = [:]
    /// States as they were before the current batch touched them, to put back on rollback.
    var undo: [ListID: ChecklistState?] = [:]
    /// Set when SQLite failed inside the batch: the executor must roll the batch back,
    /// because that job may have written some of its rows and not others.
    var poisoned = false

    /// The connection of the batch being run; only valid inside a job.
    var batchDatabase: Database?

    var db: Database {
        guard let batchDatabase else { preconditionFailure("the store is used only inside a StoreExecutor job") }
        return batchDatabase
    }

    init(encodeEvent: @escaping EventEncoder) {
        self.encodeEvent = encodeEvent
    }

    /// Called when a batch begins.
    func beginBatch() { undo.removeAll(keepingCapacity: true) }

    /// Called when a batch could not commit: the cache goes back to what is on disk.
    func rollBackBatch() {
        for (id, state) in undo { states[id] = state }
        undo.removeAll(keepingCapacity: true)
    }

    /// Remembers a state's pre-batch value before its first change in the batch.
    func willChange(_ id: ListID) {
        if undo[id] == nil { undo[id] = .some(states[id]) }
    }

    var now: Timestamp { Timestamp(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))) }

    /// Records a database failure so the batch is rolled back, and describes it.
    func failed(_ error: any Error) -> StoreError {
        poisoned = true
        return .failure(String(describing: error))
    }

    static func newID() -> String { UUID().uuidString.lowercased() }
}
