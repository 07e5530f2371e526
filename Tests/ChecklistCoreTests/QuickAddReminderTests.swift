import Foundation
import Testing
@testable import ChecklistCore

@Suite struct QuickAddReminderTests {
    @Test(arguments: [
        QuickAddCase(text: "Stretch, remind me every 30 minutes", title: "Stretch", remindEvery: 1800),
        QuickAddCase(text: "Stretch every 20 min", title: "Stretch", remindEvery: 1200),
        QuickAddCase(text: "Stretch every 15 mins", title: "Stretch", remindEvery: 900),
        QuickAddCase(text: "Stretch every 90 minutes", title: "Stretch", remindEvery: 5400),
        QuickAddCase(text: "Stretch every 1.5 hours", title: "Stretch", remindEvery: 5400),
        QuickAddCase(text: "Stretch every 2 hours", title: "Stretch", remindEvery: 7200),
        QuickAddCase(text: "Stretch every two hours", title: "Stretch", remindEvery: 7200),
        QuickAddCase(text: "Stretch every 30m", title: "Stretch", remindEvery: 1800),
        QuickAddCase(text: "Stretch every 2h", title: "Stretch", remindEvery: 7200),
        QuickAddCase(text: "Stretch every half hour", title: "Stretch", remindEvery: 1800),
        QuickAddCase(text: "Stretch every quarter hour", title: "Stretch", remindEvery: 900),
        QuickAddCase(text: "Drink water every hour", title: "Drink water", remindEvery: 3600),
        QuickAddCase(text: "Drink water, remind me hourly", title: "Drink water", remindEvery: 3600),
        QuickAddCase(text: "Call bank and remind me every day", title: "Call bank", remindEvery: 86400),
        QuickAddCase(text: "Feed cat, ping me every 10 minutes", title: "Feed cat", remindEvery: 600),
        // A day or more with no `remind me` is a repeat of the task (the README's Repeat rule).
        QuickAddCase(
            text: "Water plants every other day", title: "Water plants", date: "2026-11-21",
            repeat: "FREQ=DAILY;INTERVAL=2"),
        QuickAddCase(text: "Backup every week", title: "Backup", date: "2026-11-21", repeat: "FREQ=WEEKLY"),
        QuickAddCase(text: "Take vitamins daily", title: "Take vitamins", date: "2026-11-21", repeat: "FREQ=DAILY"),
        QuickAddCase(
            text: "Take vitamins daily at 9am", title: "Take vitamins", date: "2026-11-21", time: "09:00",
            repeat: "FREQ=DAILY"),
        QuickAddCase(
            text: "Team sync every Monday at 10am", title: "Team sync", date: "2026-11-23", time: "10:00",
            repeat: "FREQ=WEEKLY;BYDAY=MO"),
        QuickAddCase(
            text: "Pay rent on the 1st of every month", title: "Pay rent", date: "2026-12-01",
            repeat: "FREQ=MONTHLY;BYMONTHDAY=1"),
        QuickAddCase(
            text: "Pay phone bill 12/20 at 9am, remind me every 15 minutes", title: "Pay phone bill",
            date: "2026-12-20", time: "09:00", remindEvery: 900),
        // `remind me` alone only introduces the item
        QuickAddCase(text: "remind me to call mom tomorrow at 5", title: "call mom", date: "2026-11-22", time: "17:00"),
        QuickAddCase(text: "Call mom, remind me tomorrow", title: "Call mom", date: "2026-11-22"),
    ])
    func reminders(_ c: QuickAddCase) { c.check() }

    @Test(arguments: ["Daily standup notes", "Weekly review", "Read every chapter", "every", "Plan hourly rates"])
    func notReminders(_ text: String) {
        let r = QuickAddFixture.parse(text)
        #expect(r.remindEvery == nil, "remindEvery of \(text)")
        #expect(r.title == text)
    }
}
