import ChecklistCore
import ChecklistStore

/// What the current batch changed: every checklist it touched (dropped from the cache if the
/// batch rolls back), and the changes not yet written through the port.
struct BatchChanges {
    /// A checklist the batch changed: whether it has changes not written yet, and which items.
    struct ListChanges {
        var pending = true
        var items: Set<ItemID> = []
    }

    /// Every checklist the batch changed, written or not.
    var lists: [ListID: ListChanges] = [:]
    /// Users whose stored bytes the batch changed.
    var usageUsers: Set<UserID> = []

    // Not written yet:
    var events: [LoggedEvent] = []
    var participants: [MembershipChange] = []
    var checkIns: [CheckInChange] = []
    var pendingUsage: Set<UserID> = []
    var attachments: [AttachmentRecord] = []
    /// The acknowledgements of the events not written yet, by author and opId: an op resent
    /// within the same batch must find its original.
    var acks: [OpKey: Acknowledgement] = [:]
    var pendingLists = 0

    struct OpKey: Hashable {
        var userID: UserID
        var opID: String
    }

    var hasPendingWrites: Bool {
        pendingLists > 0 || !participants.isEmpty || !checkIns.isEmpty || !pendingUsage.isEmpty
            || !attachments.isEmpty
    }

    /// Whether this checklist has changes (events among them) not written yet.
    func isPending(_ listID: ListID) -> Bool { lists[listID]?.pending == true }

    /// Marks a checklist changed, with these items.
    mutating func changed(_ listID: ListID, items: some Sequence<ItemID>) {
        if let index = lists.index(forKey: listID) {
            if !lists.values[index].pending {
                lists.values[index].pending = true
                pendingLists += 1
            }
            lists.values[index].items.formUnion(items)
        } else {
            lists[listID] = ListChanges(pending: true, items: Set(items))
            pendingLists += 1
        }
    }

    /// Forgets what is pending once written; the checklists stay touched.
    mutating func written() {
        for index in lists.indices where lists.values[index].pending {
            lists.values[index].pending = false
            lists.values[index].items.removeAll()
        }
        pendingLists = 0
        events.removeAll(keepingCapacity: true)
        participants.removeAll(keepingCapacity: true)
        checkIns.removeAll(keepingCapacity: true)
        pendingUsage.removeAll(keepingCapacity: true)
        attachments.removeAll(keepingCapacity: true)
        acks.removeAll(keepingCapacity: true)
    }

    mutating func removeAll() {
        lists.removeAll(keepingCapacity: true)
        usageUsers.removeAll(keepingCapacity: true)
        written()
    }
}
