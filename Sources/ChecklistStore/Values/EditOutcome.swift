public import ChecklistCore

/// What an accepted edit produced: the event and its encoded bytes (the same bytes are
/// stored in the log, broadcast and replayed), or the original acknowledgement of an
/// `opId` that was already applied.
public enum EditOutcome: Sendable {
    case applied(AppliedEvent)
    case duplicate(Acknowledgement)

    public var acknowledgement: Acknowledgement {
        switch self {
        case .applied(let event): event.acknowledgement
        case .duplicate(let ack): ack
        }
    }
}

/// The fields of an `ack`, kept per `(author, opId)` so a resent op gets the same answer.
public struct Acknowledgement: Hashable, Sendable {
    public var listID: ListID
    public var seq: Int64
    /// The created list's or item's id, stored with the op as text: a `String` because it
    /// is either kind (see `AppliedEdit.createdID`).
    public var createdID: String?
    /// A quickAdd's `parsed` object as wire JSON, stored with the op so a resent quickAdd is
    /// answered with it too; `nil` for every other op.
    public var parsed: [UInt8]?
    public init(listID: ListID, seq: Int64, createdID: String?, parsed: [UInt8]? = nil) {
        self.listID = listID
        self.seq = seq
        self.createdID = createdID
        self.parsed = parsed
    }
}

public struct AppliedEvent: Sendable {
    public var event: ChecklistEvent
    /// The event encoded once for the wire.
    public var payload: [UInt8]
    /// The created list's or item's id (see `AppliedEdit.createdID`).
    public var createdID: String?
    /// A quickAdd's `parsed` object as wire JSON (see `Acknowledgement.parsed`).
    public var parsed: [UInt8]?
    /// The user an `unshare` removed.
    public var revokedUserID: UserID?
    /// The user a `share` added or whose role it changed.
    public var sharedUserID: UserID?
    /// The coming reminder occurrences of the items the edit touched, for the scheduler.
    public var reminders: [ScheduledReminder] = []

    public init(
        event: ChecklistEvent, payload: [UInt8], createdID: String?, parsed: [UInt8]?, revokedUserID: UserID?,
        sharedUserID: UserID?, reminders: [ScheduledReminder] = []
    ) {
        self.event = event
        self.payload = payload
        self.createdID = createdID
        self.parsed = parsed
        self.revokedUserID = revokedUserID
        self.sharedUserID = sharedUserID
        self.reminders = reminders
    }

    public var acknowledgement: Acknowledgement {
        Acknowledgement(listID: event.listID, seq: event.seq, createdID: createdID, parsed: parsed)
    }
}
