/// A civil (calendar) date in the proleptic Gregorian calendar, with no time zone.
public struct QuickAddDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        Self.quickAddPadded(year, width: 4) + "-" + Self.quickAddPadded(month, width: 2) + "-"
            + Self.quickAddPadded(day, width: 2)
    }

    public static func < (a: QuickAddDate, b: QuickAddDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func quickAddPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension QuickAddDate {
    /// The date when it exists (`2/30` does not).
    public init?(validYear year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else {
            return nil
        }
        self.init(year: year, month: month, day: day)
    }

    static func daysIn(month: Int, year: Int) -> Int { CivilCalendar.daysIn(month: month, year: year) }

    /// Days since 1970-01-01.
    public var dayNumber: Int { CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) }

    /// The date `dayNumber` days after 1970-01-01.
    init(dayNumber: Int) {
        let date = CivilCalendar.date(daysSinceEpoch: dayNumber)
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    var isoWeekday: Int {
        let r = ((dayNumber % 7) + 7) % 7  // 0 = Thursday
        return (r + 3) % 7 + 1
    }

    func adding(days: Int) -> QuickAddDate {
        QuickAddDate(dayNumber: dayNumber + days)
    }

    /// The same day `months` later, clamped to the end of a shorter month.
    func adding(months: Int) -> QuickAddDate {
        let total = year * 12 + (month - 1) + months
        let y = total >= 0 ? total / 12 : (total - 11) / 12
        let m = total - y * 12 + 1
        return QuickAddDate(year: y, month: m, day: min(day, Self.daysIn(month: m, year: y)))
    }

    /// The `n`th `weekday` (ISO) of a month; `n == -1` is the last one.
    static func nthWeekday(_ n: Int, _ weekday: Int, month: Int, year: Int) -> QuickAddDate {
        if n > 0 {
            let first = QuickAddDate(year: year, month: month, day: 1)
            let delta = (weekday - first.isoWeekday + 7) % 7
            return first.adding(days: delta + 7 * (n - 1))
        }
        let last = QuickAddDate(year: year, month: month, day: daysIn(month: month, year: year))
        return last.adding(days: -((last.isoWeekday - weekday + 7) % 7))
    }

    /// Easter Sunday (anonymous Gregorian algorithm).
    static func easter(year: Int) -> QuickAddDate {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return QuickAddDate(year: year, month: month, day: day)
    }

    /// The first date on or after `today` with this month and day (Feb 29 waits for a leap year).
    static func nextOccurrence(month: Int, day: Int, onOrAfter today: QuickAddDate) -> QuickAddDate? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: 2000) else { return nil }
        for year in today.year...(today.year + 8) {
            if let date = QuickAddDate(validYear: year, month: month, day: day), date >= today {
                return date
            }
        }
        return nil
    }
}
