public import ChecklistCore

/// What one server tells the others on a shared store, besides the events: per-user notices
/// and what the reminder scheduler must hold. Written in the batch whose commit makes it true
/// (`StoragePort.publish`) and read by every other server's tail once it committed, so a
/// notice is heard exactly when, and only if, what it says was committed.
///
/// A store only one server writes has nobody to tell: its back end ignores them.
public enum ClusterNotice: Sendable, Equatable {
    /// An `unshare` or `share` edit's notices, kept with its event's row so that the other
    /// servers tell the user in the event's place in its checklist's order (`revoked` before
    /// anything after it; `listShared` encoded here, once).
    case eventNotices(listID: ListID, seq: Int64, revokedUserID: UserID?, shared: SharedNotice?)
    /// A session token was revoked (`logout`): every connection that uses it is signed out.
    case loggedOut(tokenHash: [UInt8])
    /// A fired reminder, encoded (`reminder`), for every connection of the user.
    case reminder(userID: UserID, message: [UInt8])
    /// A message for every connection of the user (`reminderDismissed`, `reminderSnoozed`).
    case told(userID: UserID, message: [UInt8])
    /// The user's time zone changed: their connections read the new one from now on.
    case settings(userID: UserID, timeZone: String)
    /// Occurrences an edit or a snooze made due later: the server that runs the reminder
    /// scheduler holds them.
    case schedule([ScheduledReminder])
}

/// A user a checklist was shared with, and their `listShared` message as the wire carries it.
public struct SharedNotice: Sendable, Equatable {
    public var userID: UserID
    public var message: [UInt8]

    public init(userID: UserID, message: [UInt8]) {
        self.userID = userID
        self.message = message
    }
}

/// Where a shared store's tail hands what other servers committed (`StoragePort.followCommits`).
public struct CommitFollower: Sendable {
    /// Events, in no particular `seq` order, perhaps again.
    public var events: @Sendable ([CommittedEvent]) -> Void
    /// Notices, each once, soon after they commit, even while another transaction is open
    /// (a transaction's own in the order it wrote them).
    public var notices: @Sendable ([ClusterNotice]) -> Void
    /// How far behind the commits the tail may be, about once a second.
    public var lag: @Sendable (TailLag) -> Void

    public init(
        events: @escaping @Sendable ([CommittedEvent]) -> Void, notices: @escaping @Sendable ([ClusterNotice]) -> Void,
        lag: @escaping @Sendable (TailLag) -> Void = { _ in }
    ) {
        self.events = events
        self.notices = notices
        self.lag = lag
    }
}

/// What an operator of a shared store should hear about: how long the oldest transaction
/// still open that took a transaction id has been open (it keeps the database from pruning
/// dead rows, and every batch gets slower), or how long the tail could not read at all (the
/// database is unreachable, and nothing from other servers arrives).
public struct TailLag: Sendable, Equatable {
    public var seconds: Double
    /// The server process of that open transaction, when it is that.
    public var holderPID: Int?

    public init(seconds: Double, holderPID: Int?) {
        self.seconds = seconds
        self.holderPID = holderPID
    }
}

/// A checklist's stored head, as the head check of a shared store reads it, with the notices
/// (`revoked`, `listShared`) of its events past the seq asked about (their `payload` empty).
public struct StoredHead: Sendable, Equatable {
    public var listID: ListID
    public var head: Int64
    public var notices: [CommittedEvent]

    public init(listID: ListID, head: Int64, notices: [CommittedEvent] = []) {
        self.listID = listID
        self.head = head
        self.notices = notices
    }
}

extension CommittedEvent: Equatable {
    public static func == (lhs: CommittedEvent, rhs: CommittedEvent) -> Bool {
        lhs.listID == rhs.listID && lhs.seq == rhs.seq && lhs.payload == rhs.payload
            && lhs.revokedUserID == rhs.revokedUserID && lhs.shared == rhs.shared
    }
}

extension StoragePort {
    /// Only this server commits to the store: its heads are the ones it sent.
    public func heads(after known: [ListID: Int64]) throws(StorageFailure) -> [StoredHead] { [] }

    /// Only this server uses the store: nobody else to tell.
    public func publish(_ notices: [ClusterNotice]) throws(StorageFailure) {}

    /// Only this server uses the store: it always runs the reminder scheduler.
    public func leadScheduling(_ changed: @escaping @Sendable (_ leads: Bool) -> Void) { changed(true) }
}
