/// The hours a user wants no reminder mail ("22:00" to "07:00"), on their wall clock. A
/// reminder that comes due inside them is mailed when they end, not dropped: the user asked
/// for it, and a reminder held until morning still does its job, where one lost does not.
/// `from` equal to `to` is no quiet hours at all.
public struct QuietHours: Hashable, Sendable {
    public var from: TimeOfDay
    public var to: TimeOfDay

    public init(from: TimeOfDay, to: TimeOfDay) {
        self.from = from
        self.to = to
    }

    /// Whether `instant` falls inside them in `zone` (`from` inclusive, `to` exclusive; over
    /// midnight when `from` is later than `to`).
    public func contains(_ instant: Timestamp, zone: String) -> Bool {
        let now = LocalClock.timeOfDay(at: instant, zone: zone)
        if from < to { return from <= now && now < to }
        if to < from { return now >= from || now < to }
        return false
    }

    /// When mail may go: `instant` itself outside quiet hours, else the end of the quiet hours
    /// it falls in.
    public func end(containing instant: Timestamp, zone: String) -> Timestamp {
        contains(instant, zone: zone) ? LocalClock.next(to, after: instant, zone: zone) : instant
    }
}
