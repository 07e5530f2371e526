import Foundation
import Testing
@testable import ChecklistCore
import QuickAddTools

@Suite struct QuickAddDateMathTests {
    @Test(arguments: [(1970, 1, 1, 0), (2000, 3, 1, 11017), (2026, 11, 21, 20778), (1969, 12, 31, -1)])
    func dayNumbers(y: Int, m: Int, d: Int, n: Int) {
        let date = QuickAddDate(year: y, month: m, day: d)
        #expect(date.dayNumber == n)
        #expect(QuickAddDate(dayNumber: n) == date)
    }

    @Test func weekdaysAndMonths() {
        #expect(QuickAddDate(year: 2026, month: 11, day: 21).isoWeekday == 6)
        #expect(
            QuickAddDate(year: 2027, month: 1, day: 31).adding(months: 1) == QuickAddDate(year: 2027, month: 2, day: 28)
        )
        #expect(
            QuickAddDate(year: 2026, month: 12, day: 15).adding(months: 1)
                == QuickAddDate(year: 2027, month: 1, day: 15))
        #expect(QuickAddDate(year: 2026, month: 3, day: 5).description == "2026-03-05")
        #expect(QuickAddTime(hour: 9, minute: 5).description == "09:05")
    }

    @Test(arguments: [
        (2026, "2026-11-26", "2026-12-25", "2026-04-05", "2026-05-25", "2026-09-07"),
        (2027, "2027-11-25", "2027-12-25", "2027-03-28", "2027-05-31", "2027-09-06"),
        (2030, "2030-11-28", "2030-12-25", "2030-04-21", "2030-05-27", "2030-09-02"),
    ])
    func holidays(year: Int, thanksgiving: String, christmas: String, easter: String, memorial: String, labor: String) {
        func d(_ rule: QuickAddHolidays.Rule) -> String { QuickAddHolidays.date(rule, year: year).description }
        #expect(d(.thanksgiving(offset: 0)) == thanksgiving)
        #expect(d(.fixed(month: 12, day: 25)) == christmas)
        #expect(d(.easter(offset: 0)) == easter)
        #expect(d(.nth(-1, weekday: 1, month: 5)) == memorial)
        #expect(d(.nth(1, weekday: 1, month: 9)) == labor)
    }

    @Test func otherTimeZonesAndDays() throws {
        // 2026-11-22 03:00 UTC is still Saturday evening in Los Angeles.
        let now = try #require(QuickAddJSONLines.date(fromLocalOrISO: "2026-11-22T03:00:00Z", timeZone: .gmt))
        let la = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let r = QuickAddParser().parse("Call mom tomorrow", lists: [], now: now, timeZone: la)
        #expect(r.date?.description == "2026-11-22")
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(
            QuickAddParser().parse("Call mom tomorrow", lists: [], now: now, timeZone: tokyo).date?.description
                == "2026-11-23")
    }
}
