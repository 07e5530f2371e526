import Foundation
import Testing
@testable import ChecklistCore

/// Times; a time with no date is today when still ahead of 09:00, else tomorrow.
@Suite struct QuickAddTimeTests {
    @Test(arguments: [
        QuickAddCase(text: "Dentist Dec 3rd at 5pm", title: "Dentist", date: "2026-12-03", time: "17:00"),
        QuickAddCase(text: "Dentist 12/3 5:30pm", title: "Dentist", date: "2026-12-03", time: "17:30"),
        QuickAddCase(text: "Dentist 12/3 5:30 PM", title: "Dentist", date: "2026-12-03", time: "17:30"),
        QuickAddCase(text: "Call Dana at 9 a.m. on Dec 5", title: "Call Dana", date: "2026-12-05", time: "09:00"),
        QuickAddCase(text: "Call Dana at 9 a.m on Dec 5", title: "Call Dana", date: "2026-12-05", time: "09:00"),
        QuickAddCase(text: "Meet Dana at 10:30a.m. tomorrow", title: "Meet Dana", date: "2026-11-22", time: "10:30"),
        QuickAddCase(text: "Ship it 9am tmrw", title: "Ship it", date: "2026-11-22", time: "09:00"),
        QuickAddCase(text: "Send invoice by 17:00 tomorrow", title: "Send invoice", date: "2026-11-22", time: "17:00"),
        QuickAddCase(text: "Lunch 12 noon Monday", title: "Lunch", date: "2026-11-23", time: "12:00"),
        QuickAddCase(text: "Lunch Monday at midday", title: "Lunch", date: "2026-11-23", time: "12:00"),
        QuickAddCase(text: "Submit by midnight Friday", title: "Submit", date: "2026-11-27", time: "23:59"),
        QuickAddCase(text: "Standup @ 4pm", title: "Standup", date: "2026-11-21", time: "16:00"),
        QuickAddCase(text: "Standup @4pm", title: "Standup", date: "2026-11-21", time: "16:00"),
        QuickAddCase(text: "Run at 6am", title: "Run", date: "2026-11-22", time: "06:00"),
        QuickAddCase(text: "Call Dana at 5:30", title: "Call Dana", date: "2026-11-21", time: "17:30"),
        QuickAddCase(text: "Call Dana at 5", title: "Call Dana", date: "2026-11-21", time: "17:00"),
        QuickAddCase(text: "Call Dana at 10", title: "Call Dana", date: "2026-11-21", time: "10:00"),
        QuickAddCase(text: "Call Dana at 5 o'clock", title: "Call Dana", date: "2026-11-21", time: "17:00"),
        QuickAddCase(text: "Call mom tomorrow night at 8", title: "Call mom", date: "2026-11-22", time: "20:00"),
        QuickAddCase(text: "Run tomorrow morning at 7", title: "Run", date: "2026-11-22", time: "07:00"),
        QuickAddCase(text: "Meet at 5 Friday", title: "Meet", date: "2026-11-27", time: "17:00"),
        QuickAddCase(text: "Meeting Tues 3pm", title: "Meeting", date: "2026-11-24", time: "15:00"),
        QuickAddCase(text: "Workshop Friday 3-4pm", title: "Workshop", date: "2026-11-27", time: "15:00"),
        QuickAddCase(text: "Workshop Friday 11-1pm", title: "Workshop", date: "2026-11-27", time: "11:00"),
        QuickAddCase(text: "Workshop Friday 2pm-4pm", title: "Workshop", date: "2026-11-27", time: "14:00"),
        QuickAddCase(text: "Workshop Friday from 2 to 4pm", title: "Workshop", date: "2026-11-27", time: "14:00"),
        QuickAddCase(text: "Sync 5:30 tomorrow", title: "Sync", date: "2026-11-22", time: "17:30"),
        QuickAddCase(text: "Sync 07:30 tomorrow", title: "Sync", date: "2026-11-22", time: "07:30"),
        QuickAddCase(text: "Pick up pizza at 6:45pm.", title: "Pick up pizza", date: "2026-11-21", time: "18:45"),
        QuickAddCase(text: "Wake up at 7:00 am", title: "Wake up", date: "2026-11-22", time: "07:00"),
        QuickAddCase(text: "Report due 5pm Friday", title: "Report", date: "2026-11-27", time: "17:00"),
        QuickAddCase(text: "Report due by 5 Friday", title: "Report", date: "2026-11-27", time: "17:00"),
    ])
    func times(_ c: QuickAddCase) { c.check() }

    @Test(arguments: [
        QuickAddCase(text: "Meet at 42 Elm St tomorrow", title: "Meet", date: "2026-11-22", location: "42 Elm St"),
        QuickAddCase(text: "Visit at 4 Privet Drive", title: "Visit", location: "4 Privet Drive"),
        QuickAddCase(text: "Chapter 12 at 5 pages per day", title: "Chapter 12 at 5 pages per day"),
        QuickAddCase(text: "1:1s - prep agenda", title: "prep agenda", list: "1:1s"),
        QuickAddCase(text: "Read John 3:16", title: "Read John 3:16"),
        QuickAddCase(text: "Beat 3.5 km record", title: "Beat 3.5 km record"),
    ])
    func notTimes(_ c: QuickAddCase) { c.check() }
}
