@testable import ChecklistCore
import Foundation
import Testing

/// The calendar arithmetic both date values share, against Foundation's Gregorian calendar.
@Suite struct CivilCalendarTests {
    private static let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Every 97th day from 1601 to 2399 names the date Foundation names, and back.
    @Test func daysSinceEpochMatchFoundation() throws {
        let first = CivilCalendar.daysSinceEpoch(year: 1601, month: 1, day: 1)
        let last = CivilCalendar.daysSinceEpoch(year: 2399, month: 12, day: 31)
        for days in stride(from: first, through: last, by: 97) {
            let date = CivilCalendar.date(daysSinceEpoch: days)
            let reference = Self.gregorian.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400)
            )
            #expect(
                date.year == reference.year && date.month == reference.month && date.day == reference.day, "day \(days)"
            )
            #expect(CivilCalendar.daysSinceEpoch(year: date.year, month: date.month, day: date.day) == days)
        }
    }

    @Test func leapYearsFollowTheGregorianRule() {
        #expect(CivilCalendar.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilCalendar.daysIn(month: 2, year: 2000) == 29)
        #expect(CivilCalendar.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilCalendar.daysIn(month: 2, year: 2100) == 28)
        #expect(CivilCalendar.daysIn(month: 4, year: 2027) == 30)
        #expect(CivilCalendar.daysIn(month: 12, year: 2027) == 31)
    }

    /// The two date values agree, since they now share the arithmetic.
    @Test func bothDateValuesCountTheSameDays() throws {
        let due = try #require(CivilDate(year: 2027, month: 3, day: 12))
        let parsed = QuickAddDate(year: 2027, month: 3, day: 12)
        #expect(due.daysSinceEpoch == parsed.dayNumber)
        #expect(CivilDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(QuickAddDate(dayNumber: due.daysSinceEpoch + 20) == QuickAddDate(year: 2027, month: 4, day: 1))
    }
}
