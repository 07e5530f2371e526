public import ChecklistCore

/// One user's mail: the address, whether they proved it is theirs, and what they want sent
/// to it. Opt-in: a user without a row gets no mail.
///
/// Tokens: the address check's token is kept as its SHA-256 only (the link in the mail is the
/// one copy), single use, until `verificationExpires`. The unsubscribe token is kept as it is,
/// since every mail carries it; it can only turn mail off.
public struct EmailSettings: Hashable, Sendable {
    public var userID: UserID
    public var address: String
    public var verified: Bool
    public var verificationHash: [UInt8]?
    public var verificationExpires: Timestamp?
    /// Reminders by mail when no device took them (`emailReminders`).
    public var reminders: Bool
    /// The daily digest's local time, `nil` for none.
    public var digest: TimeOfDay?
    public var quietHours: QuietHours?
    public var unsubscribeToken: String
    /// The digest instant last sent (so each day's goes once, whichever server sends it).
    public var digestSentFor: Timestamp?

    public init(
        userID: UserID, address: String, verified: Bool = false, verificationHash: [UInt8]? = nil,
        verificationExpires: Timestamp? = nil, reminders: Bool = true, digest: TimeOfDay? = nil,
        quietHours: QuietHours? = nil, unsubscribeToken: String, digestSentFor: Timestamp? = nil
    ) {
        self.userID = userID
        self.address = address
        self.verified = verified
        self.verificationHash = verificationHash
        self.verificationExpires = verificationExpires
        self.reminders = reminders
        self.digest = digest
        self.quietHours = quietHours
        self.unsubscribeToken = unsubscribeToken
        self.digestSentFor = digestSentFor
    }

    /// Whether any mail may go to the address now.
    public var sendsReminders: Bool { verified && reminders }
}

/// A reminder the store found a verified address for: mailed by the server if no device of
/// the user takes it in time.
public struct EmailReminder: Hashable, Sendable {
    public var delivery: ReminderDelivery
    public var email: EmailSettings
    /// The user's zone, for quiet hours.
    public var timeZone: String

    public init(delivery: ReminderDelivery, email: EmailSettings, timeZone: String) {
        self.delivery = delivery
        self.email = email
        self.timeZone = timeZone
    }
}

/// A user's digest, claimed for one instant: what is due today, overdue, and the habits not
/// yet done today, in the user's zone.
public struct EmailDigest: Sendable {
    public var email: EmailSettings
    public var username: String
    public var timeZone: String
    public var day: CivilDate
    public var dueToday: [AgendaEntry]
    public var overdue: [AgendaEntry]
    /// Habit titles with their checklist's, not yet checked in today.
    public var habitsOpen: [(listTitle: String, title: String)]

    public init(
        email: EmailSettings, username: String, timeZone: String, day: CivilDate, dueToday: [AgendaEntry],
        overdue: [AgendaEntry], habitsOpen: [(listTitle: String, title: String)]
    ) {
        self.email = email
        self.username = username
        self.timeZone = timeZone
        self.day = day
        self.dueToday = dueToday
        self.overdue = overdue
        self.habitsOpen = habitsOpen
    }
}
