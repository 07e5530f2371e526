import ChecklistCore
import ChecklistStore

/// Writing what the batch changed through the port: once before the commit, and before a read
/// that needs the tables to show the batch's own changes.
extension StoreRules {
    /// Writes every change not written yet (`BatchWrite`), and brings the planning index up to
    /// date with them.
    func flushPendingWrites() throws(StorageFailure) {
        guard batch.hasPendingWrites else { return }
        var write = BatchWrite()
        write.at = now
        write.events = batch.events
        for (id, changes) in batch.lists where changes.pending {
            guard let state = states[id] else { continue }
            write.checklists.append(ChangedChecklist(state: state, items: changes.items))
            planning?.update(from: state, changed: changes.items)
        }
        write.participants = batch.participants
        for change in batch.participants {
            switch change {
            case .joined(let listID, let participant):
                planning?.participation(of: participant.userID, in: listID, reads: true)
            case .left(let listID, let userID):
                planning?.participation(of: userID, in: listID, reads: false)
            }
        }
        write.checkIns = batch.checkIns
        for userID in batch.pendingUsage {
            guard let used = usage[userID] else { continue }
            write.usage.append(UsageChange(userID: userID, storedBytes: used.storedBytes, added: used.unwritten))
            usage[userID]?.unwritten = 0
        }
        write.attachments = batch.attachments
        try port.write(write)
        batch.written()
    }

    /// Writes the batch's changes first when a read of who takes part in what must see them.
    func flushMembershipChanges() throws(StorageFailure) {
        if !batch.participants.isEmpty { try flushPendingWrites() }
    }
}
