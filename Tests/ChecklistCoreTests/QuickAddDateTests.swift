import Foundation
import Testing
@testable import ChecklistCore

/// Dates, on Saturday 2026-11-21 (America/New_York).
@Suite struct QuickAddDateTests {
    @Test(arguments: [
        // numeric, US month/day; next occurrence on or after today; written years win
        QuickAddCase(text: "Pay rent on 12/1", title: "Pay rent", date: "2026-12-01"),
        QuickAddCase(text: "Renew 11/21", title: "Renew", date: "2026-11-21"),
        QuickAddCase(text: "Renew 11/20", title: "Renew", date: "2027-11-20"),
        QuickAddCase(text: "Tax filing 3/12/2027", title: "Tax filing", date: "2027-03-12"),
        QuickAddCase(text: "Old form 2/14/19", title: "Old form", date: "2019-02-14"),
        QuickAddCase(text: "Tax filing 2027-03-12", title: "Tax filing", date: "2027-03-12"),
        QuickAddCase(text: "Tax filing 2027/03/12", title: "Tax filing", date: "2027-03-12"),
        QuickAddCase(text: "Pay bill 12-15-2026", title: "Pay bill", date: "2026-12-15"),
        QuickAddCase(text: "Pay bill on 12-15", title: "Pay bill", date: "2026-12-15"),
        QuickAddCase(text: "Leap day 2/29", title: "Leap day", date: "2028-02-29"),
        QuickAddCase(text: "Dentist (12/3)", title: "Dentist", date: "2026-12-03"),
        // month names
        QuickAddCase(text: "Tax filing March 12, 2027", title: "Tax filing", date: "2027-03-12"),
        QuickAddCase(text: "Tax filing March 12 2027", title: "Tax filing", date: "2027-03-12"),
        QuickAddCase(text: "Tax filing 12 March", title: "Tax filing", date: "2027-03-12"),
        QuickAddCase(text: "Party the 4th of July", title: "Party", date: "2027-07-04"),
        QuickAddCase(text: "Fireworks July 4th", title: "Fireworks", date: "2027-07-04"),
        QuickAddCase(text: "Send card dec. 15", title: "Send card", date: "2026-12-15"),
        QuickAddCase(text: "Trip Sept 3rd", title: "Trip", date: "2027-09-03"),
        QuickAddCase(text: "Homework 2 December 5", title: "Homework 2", date: "2026-12-05"),
        QuickAddCase(text: "Exam March the 3rd", title: "Exam", date: "2027-03-03"),
        QuickAddCase(text: "Team offsite Dec 10-12", title: "Team offsite", date: "2026-12-10"),
        QuickAddCase(
            text: "Renew car registration by March 1st, 2027", title: "Renew car registration", date: "2027-03-01"),
        // weekdays
        QuickAddCase(text: "Submit report next Tuesday", title: "Submit report", date: "2026-11-24"),
        QuickAddCase(text: "Pick pumpkins this Friday", title: "Pick pumpkins", date: "2026-11-27"),
        QuickAddCase(text: "Brunch this Sunday", title: "Brunch", date: "2026-11-22"),
        QuickAddCase(text: "Brunch next Sunday", title: "Brunch", date: "2026-11-29"),
        QuickAddCase(text: "Brunch next Saturday", title: "Brunch", date: "2026-11-28"),
        QuickAddCase(text: "Meet Fri", title: "Meet", date: "2026-11-27"),
        QuickAddCase(text: "Meet Fri.", title: "Meet", date: "2026-11-27"),
        QuickAddCase(text: "Call on Wed", title: "Call", date: "2026-11-25"),
        QuickAddCase(text: "Review Thurs", title: "Review", date: "2026-11-26"),
        QuickAddCase(text: "Demo Friday next week", title: "Demo", date: "2026-11-27"),
        QuickAddCase(
            text: "Chess Club tournament on Saturday", title: "tournament", list: "Chess Club", date: "2026-11-21"),
        // relative
        QuickAddCase(text: "Buy milk tmrw", title: "Buy milk", date: "2026-11-22"),
        QuickAddCase(text: "Buy milk today", title: "Buy milk", date: "2026-11-21"),
        QuickAddCase(text: "Follow up day after tomorrow", title: "Follow up", date: "2026-11-23"),
        QuickAddCase(text: "Follow up the day after tomorrow", title: "Follow up", date: "2026-11-23"),
        QuickAddCase(text: "Renew license in a week", title: "Renew license", date: "2026-11-28"),
        QuickAddCase(text: "Review PR in 10 days", title: "Review PR", date: "2026-12-01"),
        QuickAddCase(text: "Review in two weeks", title: "Review", date: "2026-12-05"),
        QuickAddCase(text: "Review in a couple of days", title: "Review", date: "2026-11-23"),
        QuickAddCase(text: "Call back a week from today", title: "Call back", date: "2026-11-28"),
        QuickAddCase(text: "Call back 3 days from now", title: "Call back", date: "2026-11-24"),
        QuickAddCase(text: "Dentist in 3 months", title: "Dentist", date: "2027-02-21"),
        QuickAddCase(text: "Check oven in 2 hours", title: "Check oven", date: "2026-11-21", time: "11:00"),
        QuickAddCase(text: "Check oven in 30 minutes", title: "Check oven", date: "2026-11-21", time: "09:30"),
        QuickAddCase(text: "Call mom tomorrow morning", title: "Call mom", date: "2026-11-22"),
        QuickAddCase(text: "Call mom tonight", title: "Call mom", date: "2026-11-21"),
        QuickAddCase(text: "Pay bills end of month", title: "Pay bills", date: "2026-11-30"),
        QuickAddCase(text: "Pay bills by the end of the month", title: "Pay bills", date: "2026-11-30"),
        QuickAddCase(text: "Send deck by EOW", title: "Send deck", date: "2026-11-27"),
        QuickAddCase(text: "Trip next month", title: "Trip", date: "2026-12-01"),
        QuickAddCase(text: "Plan sprint next week", title: "Plan sprint", date: "2026-11-23"),
        QuickAddCase(text: "Clean garage this weekend", title: "Clean garage", date: "2026-11-21"),
        QuickAddCase(text: "Tidy up next weekend", title: "Tidy up", date: "2026-11-28"),
        // ordinals
        QuickAddCase(text: "Pay rent the 1st", title: "Pay rent", date: "2026-12-01"),
        QuickAddCase(text: "Pay rent by the 21st", title: "Pay rent", date: "2026-11-21"),
        QuickAddCase(text: "Pay rent due 15th", title: "Pay rent", date: "2026-12-15"),
        QuickAddCase(text: "Report on the 31st", title: "Report", date: "2026-12-31"),
        // holidays
        QuickAddCase(text: "Buy turkey before Thanksgiving", title: "Buy turkey", date: "2026-11-26"),
        QuickAddCase(text: "Wrap gifts Christmas Eve", title: "Wrap gifts", date: "2026-12-24"),
        QuickAddCase(text: "Book flights for Christmas", title: "Book flights", date: "2026-12-25"),
        QuickAddCase(text: "Party New Year's Eve", title: "Party", date: "2026-12-31"),
        QuickAddCase(text: "Day off on New Year's Day", title: "Day off", date: "2027-01-01"),
        QuickAddCase(text: "Volunteer MLK Day", title: "Volunteer", date: "2027-01-18"),
        QuickAddCase(text: "Sale ends Presidents Day", title: "Sale ends", date: "2027-02-15"),
        QuickAddCase(text: "Card for Valentine's Day", title: "Card", date: "2027-02-14"),
        QuickAddCase(text: "Parade St. Patrick's Day", title: "Parade", date: "2027-03-17"),
        QuickAddCase(text: "Egg hunt on Easter", title: "Egg hunt", date: "2027-03-28"),
        QuickAddCase(text: "Call mom on Mother's Day", title: "Call mom", date: "2027-05-09"),
        QuickAddCase(text: "BBQ Memorial Day", title: "BBQ", date: "2027-05-31"),
        QuickAddCase(text: "Golf on Father's Day", title: "Golf", date: "2027-06-20"),
        QuickAddCase(text: "BBQ on Labor Day", title: "BBQ", date: "2027-09-06"),
        QuickAddCase(text: "Costume for Halloween", title: "Costume", date: "2027-10-31"),
        QuickAddCase(text: "Deals on Black Friday", title: "Deals", date: "2026-11-27"),
        QuickAddCase(text: "Deals Cyber Monday", title: "Deals", date: "2026-11-30"),
        QuickAddCase(text: "Fireworks Independence Day", title: "Fireworks", date: "2027-07-04"),
        // a holiday that modifies a noun dates the item but stays in the title
        QuickAddCase(text: "Thanksgiving dinner", title: "Thanksgiving dinner", date: "2026-11-26"),
        QuickAddCase(
            text: "Christmas Eve service 7pm", title: "Christmas Eve service", date: "2026-12-24", time: "19:00"),
        QuickAddCase(text: "Halloween party Oct 30", title: "Halloween party", date: "2027-10-30"),
    ])
    func dates(_ c: QuickAddCase) { c.check() }

    /// Things that look like dates but are not.
    @Test(arguments: [
        "Read Chapter 12", "Read pages 3-7", "Buy 3 eggs and 1/2 gallon of milk", "Cut 3/4 inch plywood",
        "Listen to 1812 Overture", "Update to v2.3", "Fix bug #4471", "Do Exercise 4.8", "plan the march",
        "Call Aunt May", "we may need to reschedule", "Draft May newsletter", "Buy 2 1/2 cups flour",
        "Score was 3-1", "Open 24/7 store", "Read the 3rd chapter", "Call 555-1234", "Ticket ABC-123",
        "Sale 50% off", "Plan next year's budget", "Review tomorrow's agenda", "Sat down with Dana",
        "The sun is out", "wed Dana", "Pay when rent is due", "Confirm due date with Prof. Kim",
        "Ratio 1/2/3", "Version 12/5.1", "Daily standup notes", "Fix the 3/4\" pipe", "march 5 miles",
        "Read John 3:16",
    ])
    func notDates(_ text: String) {
        let r = QuickAddFixture.parse(text)
        #expect(r.date == nil, "date of \(text): \(String(describing: r.date))")
        #expect(r.time == nil, "time of \(text)")
        #expect(r.title == text)
    }
}
