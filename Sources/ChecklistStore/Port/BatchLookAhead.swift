public import ChecklistCore

/// What a batch's jobs are about to touch, known before they run: the checklists their edits
/// name and the ops they carry.
///
/// Why: a back end that pays a round trip per read (PostgreSQL) can then lock every checklist
/// and look up every opId of the batch in one statement each, instead of one round trip per
/// edit for its opId and one per checklist for its lock. Locking a batch's checklists together,
/// in id order, also keeps two servers' batches from taking them in opposite orders. It is a
/// hint: a job may still read or edit something it did not name (a quick add's checklist), and
/// the back end then reads it as before.
public struct BatchLookAhead: Sendable, Equatable {
    public var checklists: Set<ListID> = []
    public var ops: Set<OpReference> = []

    public init(checklists: Set<ListID> = [], ops: Set<OpReference> = []) {
        self.checklists = checklists
        self.ops = ops
    }

    public var isEmpty: Bool { checklists.isEmpty && ops.isEmpty }

    public mutating func formUnion(_ other: BatchLookAhead) {
        checklists.formUnion(other.checklists)
        ops.formUnion(other.ops)
    }
}

/// An op as its author named it: opIds are unique per author.
public struct OpReference: Hashable, Sendable {
    public var userID: UserID
    public var opID: String

    public init(userID: UserID, opID: String) {
        self.userID = userID
        self.opID = opID
    }
}
