import ChecklistCore
import ChecklistStore

/// Which checklist each search document is in, and which checklists each user reads, by
/// number: what lets a search test a match in well under a microsecond.
///
/// Why not joins in SQL: walking 2,000 matches joined with `search_docs` (for the checklist)
/// and `participants` (a 72-byte text key) cost 2 to 4 µs a match, against well under 1 µs for
/// FTS5's own rowids (sqlite3 `.timer`; docs/benchmarks.md): most of a common word's search.
/// A document never moves to another checklist and is never deleted, so the map only grows;
/// a batch that rolls back takes back what it added (`rollBack`).
struct SearchDocuments {
    /// Each checklist's number, given when it is first seen.
    private var slots: [ListID: Int32] = [:]
    /// The number of the checklist each document (by rowid) is in; -1 for a rowid with none.
    private(set) var documentSlots: [Int32] = []
    /// The numbers of the checklists each user takes part in, for users asked about since start.
    private var readable = ReadableSlots<Int32>()
    /// How many documents were known when the batch began.
    private var knownAtBatchStart = 0

    var knownDocuments: Int { documentSlots.count }

    /// Records that the document `rowid` is in the checklist `listID`.
    mutating func document(_ rowid: Int64, in listID: ListID) {
        guard rowid >= 0 else { return }
        let slot = slot(of: listID)
        while documentSlots.count <= rowid { documentSlots.append(-1) }
        documentSlots[Int(rowid)] = slot
    }

    mutating func slot(of listID: ListID) -> Int32 {
        if let slot = slots[listID] { return slot }
        let slot = Int32(slots.count)
        slots[listID] = slot
        return slot
    }

    func readableSlots(of userID: UserID) -> Set<Int32>? { readable[userID] }

    mutating func setReadable(_ listIDs: [ListID], of userID: UserID) {
        readable[userID] = Set(listIDs.map { slot(of: $0) })
    }

    /// Records that a user joined or left a checklist (only for users whose set is held).
    mutating func participation(of userID: UserID, in listID: ListID, reads: Bool) {
        guard readable.holds(userID) else { return }
        let slot = slot(of: listID)
        readable.participation(of: userID, slot: slot, reads: reads)
    }

    mutating func batchBegan() { knownAtBatchStart = documentSlots.count }

    /// Forgets what the batch taught: its documents' rowids may be given to others, and its
    /// changes of who reads what did not happen.
    mutating func rollBack() {
        if documentSlots.count > knownAtBatchStart { documentSlots.removeLast(documentSlots.count - knownAtBatchStart) }
        readable.removeAll()
    }

    /// Whether a document is in a checklist among `readable`.
    func reads(_ document: Int64, _ readable: Set<Int32>) -> Bool {
        guard document >= 0, document < documentSlots.count else { return false }
        let slot = documentSlots[Int(document)]
        return slot >= 0 && readable.contains(slot)
    }
}
