import ChecklistCore
import ChecklistStore

/// What one user has used of `StoreLimits`, and the bytes the batch added that are not
/// written yet.
struct UserUsage {
    var ownedLists: Int
    var storedBytes: Int
    var unwritten = 0

    mutating func add(storedBytes bytes: Int, ownedLists lists: Int) {
        storedBytes += bytes
        unwritten += bytes
        ownedLists += lists
    }
}

/// Per-user limits: checked before an edit touches anything, kept up to date in memory edit
/// by edit, and the stored bytes written once per batch (not once per edit).
extension StoreRules {
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
        batch.usageUsers.insert(userID)
        batch.pendingUsage.insert(userID)
    }

    private func usage(of userID: UserID) throws(StorageFailure) -> UserUsage {
        if let used = usage[userID] { return used }
        try flushMembershipChanges()
        let owned = try port.memberships(of: userID).count { $0.role == .owner && !$0.isInbox }
        let used = UserUsage(ownedLists: owned, storedBytes: try port.account(.id(userID))?.storedBytes ?? 0)
        usage[userID] = used
        return used
    }
}

extension StoreLimits {
    func listsRefusal() -> DomainError {
        .tooLarge(
            "you already own \(Self.count(listsPerUser, "checklist")), the most one account may own on this server; cancelled ones count too"
        )
    }

    func itemsRefusal() -> DomainError {
        .tooLarge(
            "this checklist already has \(Self.count(itemsPerList, "item")), the most one checklist may hold on this server; start another checklist"
        )
    }

    func bytesRefusal() -> DomainError {
        .tooLarge(
            "your edits have stored \(Self.size(storedBytesPerUser)), the most one account may store on this server; ask the server's operator for more"
        )
    }

    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }

    /// "256 MiB" for whole mebibytes, else bytes.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
