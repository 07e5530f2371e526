public import ChecklistCore
public import Foundation

/// Reads a date the way people type it (`--due`, `--date`, `--until`) with quick add's own
/// date grammar, so a date means the same whether it is typed in quick add or after an option.
///
/// | typed | read as |
/// |---|---|
/// | `2027-03-12` | that day, all day |
/// | `2027-03-12 17:00`, `2027-03-12T17:00` | 17:00 in the local zone |
/// | `2027-03-12T17:00:00+02:00`, `…Z` | that instant |
/// | anything quick add reads as a date alone: `today`, `tomorrow 9am`, `friday 5pm`, `noon`, `in 3 days`, `Dec 4`, `next tuesday 9:30`, `the 15th`, `yesterday`, `last friday` | that date (and local time) |
///
/// One rule for the past, the parser's (docs/quickadd.md): nothing typed lands in the past
/// unless it says so (`yesterday`, `last friday`, a written year or ISO date); a time alone or
/// today's weekday with a time that has passed moves on to its next occurrence; a month and day
/// without a year is the next such day from today, so `11/20` typed on Nov 27 is next year's
/// (and `Reading.note` says so).
/// Why local times are converted here: the server stores date-times in UTC and returns them as
/// UTC, so the client decides what "17:00" meant.
public enum DueInput {
    /// What was read, and a sentence for the user when it may not be what they meant.
    public struct Reading: Sendable {
        public var due: Due
        /// Set when a month and day without a year was read as next year's.
        public var note: String?
    }

    public static func read(_ text: String, timeZone: TimeZone, now: Date = ClientClock.now()) throws -> Reading {
        let value = text.trimmingCharacters(in: .whitespaces)
        if let date = CivilDate(iso: value) { return Reading(due: .date(date)) }
        if let instant = Timestamp(rfc3339: value) { return Reading(due: .dateTime(instant)) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if let local = localDateTime(value, calendar) {
            return Reading(
                due: .dateTime(Timestamp(milliseconds: Int64((local.timeIntervalSince1970 * 1000).rounded()))))
        }
        guard let (due, date) = natural(value, timeZone: timeZone, now: now) else {
            throw ClientError.invalidInput(
                "“\(text)” is not a date; use 2027-03-12, \"2027-03-12 17:00\", today, tomorrow, yesterday, a weekday, or words like \"friday 5pm\", \"in 3 days\" or \"last monday\""
            )
        }
        return Reading(due: due, note: nextYearNote(text, date: date, calendar: calendar, now: now))
    }

    /// `read` as the wire form (`2027-03-12`, `2027-03-12T17:00:00Z`).
    public static func parse(_ text: String, timeZone: TimeZone, now: Date = ClientClock.now()) throws -> String {
        try read(text, timeZone: timeZone, now: now).due.description
    }

    /// `read`'s value alone.
    public static func due(_ text: String, timeZone: TimeZone, now: Date = ClientClock.now()) throws -> Due {
        try read(text, timeZone: timeZone, now: now).due
    }

    /// The text through the quick-add parser, when all of it is a date (and maybe a time): the
    /// parser keeps the whole text as the title when nothing else is left, and that is the sign.
    /// Tried as typed and after `due` (so `sat` and `the 15th` read as they do after a connector).
    private static func natural(_ text: String, timeZone: TimeZone, now: Date) -> (Due, QuickAddDate)? {
        for candidate in [text, "due " + text] {
            let parsed = QuickAddParser().parse(candidate, lists: [], now: now, timeZone: timeZone)
            guard let date = parsed.date, parsed.title.isEmpty || parsed.title == candidate,
                parsed.location == nil, parsed.remindEvery == nil, parsed.remindBefore == nil,
                parsed.repeatRule == nil, let due = QuickAddPlan.due(date, parsed.time, timeZone: timeZone)
            else { continue }
            return (due, date)
        }
        return nil
    }

    /// A note when a month and day written without a year was read as next year's (`11/20`
    /// typed on Nov 27): the date is more than half a year ahead and the text wrote no year.
    private static func nextYearNote(_ text: String, date: QuickAddDate, calendar: Calendar, now: Date) -> String? {
        let offset = Double(calendar.timeZone.secondsFromGMT(for: now))
        let today = Int(((now.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
        let wroteYear = text.contains(String(date.year)) || text.filter({ $0 == "/" || $0 == "-" }).count >= 2
        guard date.year > calendar.component(.year, from: now), date.dayNumber - today > 183, !wroteYear else {
            return nil
        }
        return "“\(text)” has passed this year, so it was read as next year's, \(date); "
            + "write the year (or “last …”) for a past date"
    }

    /// `YYYY-MM-DD HH:MM[:SS]` or with `T`, read in `calendar`'s zone.
    private static func localDateTime(_ value: String, _ calendar: Calendar) -> Date? {
        let parts = value.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2, let date = CivilDate(iso: String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":").map { Int($0) }
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }) else { return nil }
        let hour = clock[0]!, minute = clock[1]!, second = clock.count == 3 ? clock[2]! : 0
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        return calendar.date(
            from: DateComponents(
                year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second))
    }
}
