/// A calendar date without a time or a zone (`2027-03-12`), as all-day due dates are.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// `nil` when the day does not exist (`2027-02-30`) or the year is outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) }

    /// Midnight UTC of this date: how an all-day due date sorts against date-times.
    public var startOfDayUTC: Timestamp { Timestamp(milliseconds: Int64(daysSinceEpoch) * 86_400_000) }

    public var description: String {
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
            + "-" + twoDigits(month) + "-" + twoDigits(day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        var scanner = DigitScanner(text)
        guard let date = scanner.civilDate(), scanner.isAtEnd else { return nil }
        self = date
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int { CivilCalendar.daysIn(month: month, year: year) }
}
