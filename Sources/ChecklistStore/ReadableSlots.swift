package import ChecklistCore

/// The checklists each user reads, by number, for the users asked about since it was made, kept
/// up to date as they join and leave: a read of who reads what then costs a set lookup, not a
/// query. The planning index numbers checklists one way and the embedded back end's search
/// another; both keep their sets here.
package struct ReadableSlots<Slot: Hashable> {
    private var byUser: [UserID: Set<Slot>] = [:]

    package init() {}

    package subscript(userID: UserID) -> Set<Slot>? {
        get { byUser[userID] }
        set { byUser[userID] = newValue }
    }

    /// Whether the user's set is held (only those are kept up to date).
    package func holds(_ userID: UserID) -> Bool { byUser[userID] != nil }

    /// Records that a user whose set is held joined or left the checklist numbered `slot`.
    package mutating func participation(of userID: UserID, slot: Slot, reads: Bool) {
        if reads {
            byUser[userID]?.insert(slot)
        } else {
            byUser[userID]?.remove(slot)
        }
    }

    package mutating func removeAll() { byUser.removeAll() }
}
