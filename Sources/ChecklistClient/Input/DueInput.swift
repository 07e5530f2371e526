public import ChecklistCore
public import Foundation

/// Reads a `--due` value the way people type it and gives the wire form.
///
/// | typed | sent |
/// |---|---|
/// | `2027-03-12` | `2027-03-12` (all day) |
/// | `today`, `tomorrow`, `fri` (the next Friday) | that date, all day |
/// | `2027-03-12 17:00`, `2027-03-12T17:00` | 17:00 in the local zone, as UTC |
/// | `2027-03-12T17:00:00+02:00`, `…Z` | that instant, as UTC |
/// | anything quick add reads as a date alone: `friday 5pm`, `in 3 days`, `Dec 4`, `next tuesday 9:30` | that date (and local time) |
///
/// The natural forms go through the quick-add parser itself, so `--due` and quick add can
/// never disagree about what "friday 5pm" means.
/// Why local times are converted here: the server stores date-times in UTC and returns
/// them as UTC, so the client decides what "17:00" meant.
public enum DueInput {
    public static func parse(_ text: String, timeZone: TimeZone, now: Date = Date()) throws -> String {
        let value = text.trimmingCharacters(in: .whitespaces)
        let lowered = value.lowercased()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if let date = CivilDate(iso: value) { return date.description }
        if lowered == "today" || lowered == "tomorrow" {
            let day = calendar.date(byAdding: .day, value: lowered == "today" ? 0 : 1, to: now)!
            return civil(day, calendar)
        }
        if let weekday = weekdays.firstIndex(where: { lowered.count >= 3 && $0.hasPrefix(lowered) }) {
            let today = calendar.component(.weekday, from: now) - 1
            let ahead = (weekday - today + 7) % 7
            return civil(calendar.date(byAdding: .day, value: ahead == 0 ? 7 : ahead, to: now)!, calendar)
        }
        if let instant = Timestamp(rfc3339: value) { return instant.rfc3339 }
        if let local = localDateTime(value, calendar) {
            return Timestamp(milliseconds: Int64((local.timeIntervalSince1970 * 1000).rounded())).rfc3339
        }
        if let natural = naturalDate(value, timeZone: timeZone, now: now) { return natural }
        throw ClientError.invalidInput(
            "“\(text)” is not a date; use 2027-03-12, \"2027-03-12 17:00\", today, tomorrow, a weekday, or words like \"friday 5pm\" or \"in 3 days\""
        )
    }

    /// `parse` as the typed value an edit carries.
    public static func due(_ text: String, timeZone: TimeZone, now: Date = Date()) throws -> Due {
        let wire = try parse(text, timeZone: timeZone, now: now)
        guard let due = Due(wire: wire) else { throw ClientError.invalidInput("“\(text)” is not a date") }
        return due
    }

    /// The text read by quick add, when all it holds is a date (and maybe a time): the parser
    /// keeps the whole text as the title when nothing else is left, and that is the sign.
    private static func naturalDate(_ text: String, timeZone: TimeZone, now: Date) -> String? {
        let parsed = QuickAddParser().parse(text, lists: [], now: now, timeZone: timeZone)
        guard parsed.date != nil, parsed.title.isEmpty || parsed.title == text,
            parsed.location == nil, parsed.remindEvery == nil
        else { return nil }
        return QuickAddPlan.due(parsed.date, parsed.time, timeZone: timeZone)?.description
    }

    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    private static func civil(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)!.description
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
