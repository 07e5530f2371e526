/// US holidays and other well-known days, by the words that name them (lowercase, apostrophes
/// dropped: `Mother's Day` is `mothers day`).
enum QuickAddHolidays {
    enum Rule {
        case fixed(month: Int, day: Int)
        /// The `n`th ISO weekday of a month; `n == -1` is the last.
        case nth(Int, weekday: Int, month: Int)
        /// Days after Easter Sunday.
        case easter(offset: Int)
        /// Days after Thanksgiving (the fourth Thursday of November).
        case thanksgiving(offset: Int)
        /// The Tuesday after the first Monday of November.
        case electionDay
    }

    static let table: [(words: [String], rule: Rule)] = [
        (["new", "years", "eve"], .fixed(month: 12, day: 31)),
        (["nye"], .fixed(month: 12, day: 31)),
        (["new", "years", "day"], .fixed(month: 1, day: 1)),
        (["new", "years"], .fixed(month: 1, day: 1)),
        (["new", "year"], .fixed(month: 1, day: 1)),
        (["mlk", "day"], .nth(3, weekday: 1, month: 1)),
        (["mlk", "jr", "day"], .nth(3, weekday: 1, month: 1)),
        (["martin", "luther", "king", "day"], .nth(3, weekday: 1, month: 1)),
        (["martin", "luther", "king", "jr", "day"], .nth(3, weekday: 1, month: 1)),
        (["presidents", "day"], .nth(3, weekday: 1, month: 2)),
        (["president", "day"], .nth(3, weekday: 1, month: 2)),
        (["washingtons", "birthday"], .nth(3, weekday: 1, month: 2)),
        (["groundhog", "day"], .fixed(month: 2, day: 2)),
        (["valentines", "day"], .fixed(month: 2, day: 14)),
        (["valentine", "day"], .fixed(month: 2, day: 14)),
        (["valentines"], .fixed(month: 2, day: 14)),
        (["st", "patricks", "day"], .fixed(month: 3, day: 17)),
        (["saint", "patricks", "day"], .fixed(month: 3, day: 17)),
        (["st", "pattys", "day"], .fixed(month: 3, day: 17)),
        (["st", "paddys", "day"], .fixed(month: 3, day: 17)),
        (["april", "fools", "day"], .fixed(month: 4, day: 1)),
        (["april", "fools"], .fixed(month: 4, day: 1)),
        (["tax", "day"], .fixed(month: 4, day: 15)),
        (["earth", "day"], .fixed(month: 4, day: 22)),
        (["good", "friday"], .easter(offset: -2)),
        (["easter", "sunday"], .easter(offset: 0)),
        (["easter"], .easter(offset: 0)),
        (["easter", "monday"], .easter(offset: 1)),
        (["cinco", "de", "mayo"], .fixed(month: 5, day: 5)),
        (["mothers", "day"], .nth(2, weekday: 7, month: 5)),
        (["memorial", "day"], .nth(-1, weekday: 1, month: 5)),
        (["fathers", "day"], .nth(3, weekday: 7, month: 6)),
        (["juneteenth"], .fixed(month: 6, day: 19)),
        (["independence", "day"], .fixed(month: 7, day: 4)),
        (["fourth", "of", "july"], .fixed(month: 7, day: 4)),
        (["labor", "day"], .nth(1, weekday: 1, month: 9)),
        (["labour", "day"], .nth(1, weekday: 1, month: 9)),
        (["columbus", "day"], .nth(2, weekday: 1, month: 10)),
        (["indigenous", "peoples", "day"], .nth(2, weekday: 1, month: 10)),
        (["halloween"], .fixed(month: 10, day: 31)),
        (["election", "day"], .electionDay),
        (["veterans", "day"], .fixed(month: 11, day: 11)),
        (["veteran", "day"], .fixed(month: 11, day: 11)),
        (["thanksgiving", "day"], .thanksgiving(offset: 0)),
        (["thanksgiving"], .thanksgiving(offset: 0)),
        (["black", "friday"], .thanksgiving(offset: 1)),
        (["cyber", "monday"], .thanksgiving(offset: 4)),
        (["christmas", "eve"], .fixed(month: 12, day: 24)),
        (["xmas", "eve"], .fixed(month: 12, day: 24)),
        (["christmas", "day"], .fixed(month: 12, day: 25)),
        (["christmas"], .fixed(month: 12, day: 25)),
        (["xmas", "day"], .fixed(month: 12, day: 25)),
        (["xmas"], .fixed(month: 12, day: 25)),
    ]

    static func isFirstWord(_ key: String) -> Bool {
        switch key {
        case "new", "nye", "mlk", "martin", "presidents", "president", "washingtons", "groundhog", "valentines",
            "valentine", "st", "saint", "april", "tax", "earth", "good", "easter", "cinco", "mothers", "memorial",
            "fathers", "juneteenth", "independence", "fourth", "labor", "labour", "columbus", "indigenous",
            "halloween", "election", "veterans", "veteran", "thanksgiving", "black", "cyber", "christmas", "xmas":
            return true
        default: return false
        }
    }

    static func date(_ rule: Rule, year: Int) -> QuickAddDate {
        switch rule {
        case let .fixed(month, day):
            return QuickAddDate(year: year, month: month, day: day)
        case let .nth(n, weekday, month):
            return QuickAddDate.nthWeekday(n, weekday, month: month, year: year)
        case let .easter(offset):
            return QuickAddDate.easter(year: year).adding(days: offset)
        case let .thanksgiving(offset):
            return QuickAddDate.nthWeekday(4, 4, month: 11, year: year).adding(days: offset)
        case .electionDay:
            return QuickAddDate.nthWeekday(1, 1, month: 11, year: year).adding(days: 1)
        }
    }

    /// The holiday in `year`, or else its next occurrence on or after `today`.
    static func date(_ rule: Rule, year: Int?, today: QuickAddDate) -> QuickAddDate {
        if let year { return date(rule, year: year) }
        let thisYear = date(rule, year: today.year)
        return thisYear >= today ? thisYear : date(rule, year: today.year + 1)
    }
}
