import Foundation
import Testing
@testable import ChecklistCore

/// Repeats in quick add, beyond the corpus: phrasings it has never seen, the boundary with
/// reminders, and the weekday-with-a-date and `for (List)` classes. "Now" is Saturday
/// 2026-11-21 09:00 in New York (`QuickAddFixture`).
@Suite struct QuickAddRepeatTests {
    @Test(arguments: [
        QuickAddCase(
            text: "gym every Tuesday and Thursday", title: "gym", date: "2026-11-24", repeat: "FREQ=WEEKLY;BYDAY=TU,TH"),
        QuickAddCase(
            text: "laundry every Sat & Wed", title: "laundry", date: "2026-11-21", repeat: "FREQ=WEEKLY;BYDAY=WE,SA"),
        QuickAddCase(
            text: "call mom every Sunday at 6pm", title: "call mom", date: "2026-11-22", time: "18:00",
            repeat: "FREQ=WEEKLY;BYDAY=SU"),
        QuickAddCase(
            text: "backup the laptop every 2 days", title: "backup the laptop", date: "2026-11-21",
            repeat: "FREQ=DAILY;INTERVAL=2"),
        QuickAddCase(
            text: "review budget every month on the 15th", title: "review budget", date: "2026-12-15",
            repeat: "FREQ=MONTHLY;BYMONTHDAY=15"),
        QuickAddCase(text: "review budget monthly", title: "review budget", date: "2026-11-21", repeat: "FREQ=MONTHLY"),
        QuickAddCase(
            text: "water plants every morning", title: "water plants", date: "2026-11-21", repeat: "FREQ=DAILY"),
        QuickAddCase(
            text: "clean the fridge every 3 weeks", title: "clean the fridge", date: "2026-11-21",
            repeat: "FREQ=WEEKLY;INTERVAL=3"),
        QuickAddCase(
            text: "pay the sitter every other Friday", title: "pay the sitter", date: "2026-11-27",
            repeat: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"),
        QuickAddCase(
            text: "take pills daily, ping me every hour", title: "take pills", date: "2026-11-21", remindEvery: 3600,
            repeat: "FREQ=DAILY"),
        // Reminders, not repeats
        QuickAddCase(text: "check the oven every 10 minutes", title: "check the oven", remindEvery: 600),
        QuickAddCase(text: "stand up hourly", title: "stand up", remindEvery: 3600),
        QuickAddCase(text: "pay rent, remind me every day", title: "pay rent", remindEvery: 86400),
        // A weekday written with a date, and a bracketed list after `for`
        QuickAddCase(text: "party Sat, 12/5", title: "party", date: "2026-12-05"),
        QuickAddCase(text: "dentist Mon Jan 4 at 8am", title: "dentist", date: "2027-01-04", time: "08:00"),
        QuickAddCase(text: "milk for (Groceries)", title: "milk", list: "Groceries"),
    ])
    func repeatsAndTheirNeighbours(_ c: QuickAddCase) { c.check() }

    @Test(arguments: ["Every Breath You Take vinyl", "Daily standup notes", "Read every chapter"])
    func namesThatStartWithEveryAreNotRepeats(_ text: String) {
        let r = QuickAddFixture.parse(text)
        #expect(r.repeatRule == nil, "repeat of \(text)")
    }
}
