/// Collects what an edit touched while it is applied, in the order it touched it.
struct EditRecorder {
    private(set) var touchedItems: [ItemID] = []
    private var touchedSet: Set<ItemID> = []
    var participants: [ParticipantChange]?
    /// The created list's or item's id: a `String` because it is either kind (see
    /// `AppliedEdit.createdID`).
    var createdID: String?
    var revokedUserID: UserID?
    var sharedUserID: UserID?
    /// The occurrence a `completeItem` of a repeating item recorded.
    var occurrence: CivilDate?
    var checkIn: CheckInRecord?

    mutating func touch(_ id: ItemID) {
        if touchedSet.insert(id).inserted { touchedItems.append(id) }
    }

    func contains(_ id: ItemID) -> Bool { touchedSet.contains(id) }
}
