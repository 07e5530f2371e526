import ChecklistCore
import GRDB

/// What one user has used of `StoreLimits`.
struct UserUsage {
    var ownedLists: Int
    var storedBytes: Int

    mutating func add(storedBytes bytes: Int, ownedLists lists: Int) {
        storedBytes += bytes
        ownedLists += lists
    }
}

/// Per-user limits: checked before an edit touches anything, kept up to date in memory edit
/// by edit, and the stored bytes written once per batch (not once per edit).
extension ChecklistStore {
    func checkLimits(before request: EditRequest, by userID: UserID) throws {
        let used = try usage(of: userID)
        if used.storedBytes >= limits.storedBytesPerUser { throw limits.bytesRefusal() }
        switch request {
        case .createList:
            if used.ownedLists >= limits.listsPerUser { throw limits.listsRefusal() }
        case .edit(let listID, .addItem):
            if let state = try state(listID), state.items.count >= limits.itemsPerList { throw limits.itemsRefusal() }
        default:
            break
        }
    }

    func recordUsage(of request: EditRequest, payloadBytes: Int, by userID: UserID) {
        let ownsAnotherList = if case .createList = request, !request.createsInbox { 1 } else { 0 }
        // One lookup, changing the entry in place.
        guard usage[userID]?.add(storedBytes: payloadBytes, ownedLists: ownsAnotherList) != nil else { return }
        changedUsage.insert(userID)
    }

    func writeChangedUsage() throws {
        guard !changedUsage.isEmpty else { return }
        let update = try db.cachedStatement(sql: "UPDATE users SET stored_bytes = ? WHERE id = ?")
        for userID in changedUsage {
            guard let used = usage[userID] else { continue }
            try update.execute(arguments: [used.storedBytes, userID])
        }
    }

    private func usage(of userID: UserID) throws -> UserUsage {
        if let used = usage[userID] { return used }
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT (SELECT COUNT(*) FROM lists WHERE owner_id = ?1 AND inbox = 0), stored_bytes FROM users WHERE id = ?1"
            ),
            arguments: [userID]
        )
        let used = UserUsage(ownedLists: row?[0] ?? 0, storedBytes: row?[1] ?? 0)
        usage[userID] = used
        return used
    }
}
