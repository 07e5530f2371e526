import Foundation

/// A `VTIMEZONE` for a zone, so a repeating item at 09:00 in Berlin stays at 09:00 across
/// daylight-saving changes in the reader's calendar (an RRULE over a UTC start would move it
/// by an hour twice a year).
///
/// The rules are read from the system's zone data for `year`: a zone without daylight saving
/// gets one STANDARD block; a zone with it gets STANDARD and DAYLIGHT blocks with yearly rules
/// (`BYMONTH=3;BYDAY=-1SU`), which is how the zones that change do it today. A zone whose
/// rules change later is described by this year's rules.
enum CalendarTimeZone {
    static func component(for identifier: String, year: Int) -> [String] {
        guard let zone = TimeZone(identifier: identifier) else { return [] }
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(identifier)"]
        // January 1st in UTC is within a day of the zone's own: enough to find the year's transitions,
        // and computed from the year alone (the core reads no clock).
        let yearStart = Date(
            timeIntervalSince1970: Double(CivilCalendar.daysSinceEpoch(year: year, month: 1, day: 1)) * 86_400)
        let transitions = sequence(first: yearStart) { zone.nextDaylightSavingTimeTransition(after: $0) }
            .dropFirst().prefix(2).filter { $0 < yearStart.addingTimeInterval(366 * 86_400) }
        if transitions.count < 2 {
            let offset = ICalendarText.offset(seconds: zone.secondsFromGMT(for: yearStart))
            lines += [
                "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)",
                "END:STANDARD",
            ]
        } else {
            for transition in transitions {
                let before = zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
                let after = zone.secondsFromGMT(for: transition)
                let isDaylight = zone.isDaylightSavingTime(for: transition)
                lines += block(isDaylight ? "DAYLIGHT" : "STANDARD", at: transition, from: before, to: after)
            }
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// One observance: its first onset in wall-clock time before the change, and the yearly
    /// rule "the n-th (or last) weekday of the month".
    private static func block(_ name: String, at transition: Date, from before: Int, to after: Int) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: before)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: transition)
        let day = parts.day ?? 1
        let month = parts.month ?? 1
        let daysInMonth = calendar.range(of: .day, in: .month, for: transition)?.count ?? 31
        let ordinal = day + 7 > daysInMonth ? -1 : (day - 1) / 7 + 1
        let weekday = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][(parts.weekday ?? 1) - 1]
        let onset =
            ICalendarText.date(
                CivilDate(year: parts.year ?? 1970, month: month, day: day) ?? CivilDate(daysSinceEpoch: 0))
            + "T" + [parts.hour, parts.minute, parts.second].map { String(format: "%02d", $0 ?? 0) }.joined()
        return [
            "BEGIN:\(name)", "DTSTART:\(onset)", "RRULE:FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(ordinal)\(weekday)",
            "TZOFFSETFROM:\(ICalendarText.offset(seconds: before))",
            "TZOFFSETTO:\(ICalendarText.offset(seconds: after))",
            "END:\(name)",
        ]
    }
}
