import Foundation
import Testing
@testable import ChecklistCore

/// Reminders as people phrase them, `until done`, monthly days, the explicit past and the
/// same-day rollover: the rules of `shared/quickadd/README.md`, on wordings the corpus does not
/// use (the corpus itself is `QuickAddCorpusTests`). `now` is Saturday 2026-11-21 09:00 in New
/// York unless a case says otherwise.
@Suite struct QuickAddRemindBeforeTests {
    @Test(arguments: [
        QuickAddCase(
            text: "Dentist Tuesday 3pm, remind me 15 minutes before", title: "Dentist", date: "2026-11-24",
            time: "15:00", remindBefore: 900),
        QuickAddCase(
            text: "call mom tomorrow 6pm ping me 1 hour before", title: "call mom", date: "2026-11-22",
            time: "18:00", remindBefore: 3600),
        QuickAddCase(
            text: "Standup Monday 9:30am, alert me 5 min before", title: "Standup", date: "2026-11-23",
            time: "09:30", remindBefore: 300),
        QuickAddCase(
            text: "Pay bills 12/1, remind me a week before", title: "Pay bills", date: "2026-12-01",
            remindBefore: 604_800),
        QuickAddCase(
            text: "Submit form 12/3 notify me 1 day in advance", title: "Submit form", date: "2026-12-03",
            remindBefore: 86400),
        QuickAddCase(
            text: "Meeting Tuesday 10am remind me half an hour before", title: "Meeting", date: "2026-11-24",
            time: "10:00", remindBefore: 1800),
        QuickAddCase(
            text: "Flight Dec 5 8am, remind me 3 hours prior", title: "Flight", date: "2026-12-05", time: "08:00",
            remindBefore: 10800),
        QuickAddCase(
            text: "Call Sam at 4pm, remind me 1h30m before", title: "Call Sam", date: "2026-11-21", time: "16:00",
            remindBefore: 5400),
        QuickAddCase(
            text: "Call Sam at 4pm, remind me 1 hour and 30 minutes before", title: "Call Sam", date: "2026-11-21",
            time: "16:00", remindBefore: 5400),
        QuickAddCase(
            text: "Exam 12/10, remind me the week before", title: "Exam", date: "2026-12-10", remindBefore: 604_800),
        QuickAddCase(
            text: "Report Friday, nudge me a couple of days before", title: "Report", date: "2026-11-27",
            remindBefore: 172_800),
        QuickAddCase(
            text: "Take meds at 9pm, remind me when it's due", title: "Take meds", date: "2026-11-21", time: "21:00",
            remindBefore: 0),
        QuickAddCase(text: "Call the plumber, alert 2h before", title: "Call the plumber", remindBefore: 7200),
        // Not a reminder before: no reminder verb, or a verb that is about someone else.
        QuickAddCase(text: "Leave 10 minutes before the bell", title: "Leave 10 minutes before the bell"),
        QuickAddCase(
            text: "Text Sam 10 minutes before the game", title: "Text Sam 10 minutes before the game"),
    ])
    func remindBefore(_ c: QuickAddCase) { c.check() }

    @Test(arguments: [
        QuickAddCase(text: "Water plants, ping me every 2 hours till done", title: "Water plants", remindEvery: 7200),
        QuickAddCase(text: "Laundry remind me every hour until it's done", title: "Laundry", remindEvery: 3600),
        QuickAddCase(text: "Fix the sink every 30 minutes until finished", title: "Fix the sink", remindEvery: 1800),
        QuickAddCase(text: "Bake bread until done", title: "Bake bread until done"),
        QuickAddCase(
            text: "Walk the dog daily until done", title: "Walk the dog until done", date: "2026-11-21",
            repeat: "FREQ=DAILY"),
    ])
    func untilDone(_ c: QuickAddCase) { c.check() }

    @Test(arguments: [
        QuickAddCase(
            text: "Pay rent the 1st each month", title: "Pay rent", date: "2026-12-01",
            repeat: "FREQ=MONTHLY;BYMONTHDAY=1"),
        QuickAddCase(
            text: "Pay rent every 1st", title: "Pay rent", date: "2026-12-01", repeat: "FREQ=MONTHLY;BYMONTHDAY=1"),
        QuickAddCase(
            text: "Pay rent every 21st of the month", title: "Pay rent", date: "2026-11-21",
            repeat: "FREQ=MONTHLY;BYMONTHDAY=21"),
        QuickAddCase(
            text: "File taxes due on the 5th of every month", title: "File taxes", date: "2026-12-05",
            repeat: "FREQ=MONTHLY;BYMONTHDAY=5"),
        QuickAddCase(text: "Pay rent on the 3rd", title: "Pay rent", date: "2026-12-03"),
    ])
    func monthlyDays(_ c: QuickAddCase) { c.check() }

    @Test(arguments: [
        QuickAddCase(text: "Milk yesterday", title: "Milk", date: "2026-11-20"),
        QuickAddCase(
            text: "Expense report due yesterday 8pm", title: "Expense report", date: "2026-11-20", time: "20:00"),
        QuickAddCase(
            text: "Coffee with Ana last Tuesday at 10am", title: "Coffee with Ana", date: "2026-11-17", time: "10:00"),
        QuickAddCase(text: "Lunch last sat", title: "Lunch", date: "2026-11-14"),
        QuickAddCase(text: "Review last week notes", title: "Review last week notes"),
        QuickAddCase(text: "Clean up yesterday's notes", title: "Clean up yesterday's notes"),
    ])
    func explicitPast(_ c: QuickAddCase) { c.check() }

    /// On Friday 2027-08-27 at 20:17 in New York: a time or today's weekday whose time has passed
    /// moves on; a date that was written (today, a month and day, `this`) stays.
    @Test(
        arguments: [
            QuickAddCase(
                text: "Upload lab report friday 5pm", title: "Upload lab report", date: "2027-09-03", time: "17:00"),
            QuickAddCase(
                text: "Upload lab report friday 9pm", title: "Upload lab report", date: "2027-08-27", time: "21:00"),
            QuickAddCase(text: "Upload lab report friday", title: "Upload lab report", date: "2027-08-27"),
            QuickAddCase(text: "Lunch with Bo at noon", title: "Lunch with Bo", date: "2027-08-28", time: "12:00"),
            QuickAddCase(text: "Send invoice today 5pm", title: "Send invoice", date: "2027-08-27", time: "17:00"),
            QuickAddCase(text: "Send invoice 8/27 5pm", title: "Send invoice", date: "2027-08-27", time: "17:00"),
            QuickAddCase(
                text: "Send invoice this friday 5pm", title: "Send invoice", date: "2027-08-27", time: "17:00"),
            QuickAddCase(
                text: "Team drinks every Friday 5pm", title: "Team drinks", date: "2027-09-03", time: "17:00",
                repeat: "FREQ=WEEKLY;BYDAY=FR"),
            QuickAddCase(
                text: "Stretch daily at 8am", title: "Stretch", date: "2027-08-28", time: "08:00", repeat: "FREQ=DAILY"),
            QuickAddCase(
                text: "Water filter on the 27th every month at 9am", title: "Water filter", date: "2027-09-27",
                time: "09:00", repeat: "FREQ=MONTHLY;BYMONTHDAY=27"),
        ].map { c -> QuickAddCase in
            var c = c
            c.now = "2027-08-27T20:17:00"
            return c
        })
    func sameDayRollover(_ c: QuickAddCase) { c.check() }

    /// `Groceries / Dairy yogurt`: a section the list does not have is not claimed when the
    /// list's sections are known; the words stay in the title.
    @Test func aSectionTheListLacksStaysInTheTitle() {
        let lists = [QuickAddList(name: "Groceries", sections: ["Produce"])]
        let r = QuickAddParser().parse(
            "Groceries / Dairy yogurt", lists: lists, now: QuickAddFixture.now, timeZone: QuickAddFixture.timeZone)
        #expect(r.list == "Groceries")
        #expect(r.section == nil)
        #expect(r.title == "Dairy yogurt")
        let known = QuickAddParser().parse(
            "Groceries / Produce apples", lists: lists, now: QuickAddFixture.now, timeZone: QuickAddFixture.timeZone)
        #expect(known.section == "Produce" && known.title == "apples")
        let unknown = QuickAddParser().parse(
            "Groceries / Dairy yogurt", lists: [QuickAddList(name: "Groceries")], now: QuickAddFixture.now,
            timeZone: QuickAddFixture.timeZone)
        #expect(unknown.section == "Dairy", "with sections unknown (the corpus), the words name one")
    }
}
