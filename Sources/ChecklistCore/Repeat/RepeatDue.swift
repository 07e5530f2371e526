import Foundation

/// A repeating item's `due` moved from one occurrence to the next, in its checklist's zone: a
/// date-only due moves to the next date, a date-time keeps its local time of day (09:00 stays
/// 09:00 across a daylight-saving change; a skipped local time moves forward).
public enum RepeatDue {
    /// The local date `due` falls on in the zone.
    public static func localDate(of due: Due, timeZone: String) -> CivilDate {
        switch due {
        case .date(let date): return date
        case .dateTime(let instant): return localDate(of: instant, timeZone: timeZone)
        }
    }

    /// The local date of an instant in the zone ("today" when the instant is now).
    public static func localDate(of instant: Timestamp, timeZone: String) -> CivilDate {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day], from: date(instant))
        return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CivilDate(daysSinceEpoch: 0)
    }

    /// `like` moved to `date`: the date itself, or the same local time on it.
    public static func due(on date: CivilDate, like due: Due, timeZone: String) -> Due {
        guard case .dateTime(let instant) = due else { return .date(date) }
        let calendar = calendar(timeZone)
        let time = calendar.dateComponents([.hour, .minute, .second], from: self.date(instant))
        let local = DateComponents(
            year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute, second: time.second
        )
        guard let moved = calendar.date(from: local) else { return .date(date) }
        return .dateTime(Timestamp(milliseconds: Int64((moved.timeIntervalSince1970 * 1000).rounded())))
    }

    /// The due of the occurrence after the one `due` stands for.
    public static func next(after due: Due, rule: RepeatRule, start: CivilDate, timeZone: String) -> Due? {
        guard let next = rule.nextOccurrence(after: localDate(of: due, timeZone: timeZone), start: start) else {
            return nil
        }
        return self.due(on: next, like: due, timeZone: timeZone)
    }

    private static func calendar(_ timeZone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        return calendar
    }

    private static func date(_ instant: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000)
    }
}
