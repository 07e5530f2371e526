import Foundation
import Testing
@testable import ChecklistCore

@Suite struct QuickAddTitleTests {
    @Test(arguments: [
        // quotes: taken literally; dropped when they are the whole title
        QuickAddCase(text: "\"Read 1984\" by Friday", title: "Read 1984", date: "2026-11-27"),
        QuickAddCase(text: "“Read 1984” by Friday", title: "Read 1984", date: "2026-11-27"),
        QuickAddCase(text: "\"Call Work at 5pm tomorrow\"", title: "Call Work at 5pm tomorrow"),
        QuickAddCase(text: "read \"Beloved\" by Toni Morrison", title: "read \"Beloved\" by Toni Morrison"),
        QuickAddCase(
            text: "Watch \"Friday Night Lights\" tomorrow", title: "Watch \"Friday Night Lights\"", date: "2026-11-22"),
        // connector words that are not connectors stay
        QuickAddCase(text: "Pay when rent is due", title: "Pay when rent is due"),
        QuickAddCase(text: "Confirm due date with Prof. Kim", title: "Confirm due date with Prof. Kim"),
        QuickAddCase(text: "Hand in Homework 3 by Friday", title: "Hand in Homework 3", date: "2026-11-27"),
        // trimming
        QuickAddCase(
            text: "CS 298 — Homework 4 due 12/10!!! 😩", title: "Homework 4", list: "CS 298", date: "2026-12-10"),
        QuickAddCase(text: "Buy eggs, tomorrow, and milk", title: "Buy eggs, and milk", date: "2026-11-22"),
        QuickAddCase(text: "Call mom (tomorrow)", title: "Call mom", date: "2026-11-22"),
        QuickAddCase(text: "Fix login (urgent)", title: "Fix login (urgent)"),
        QuickAddCase(text: "Ask Dana about budget?", title: "Ask Dana about budget"),
        QuickAddCase(text: "3 eggs and 1/2 gallon of milk", title: "3 eggs and 1/2 gallon of milk"),
        // nothing left: keep the text
        QuickAddCase(text: "Tomorrow", title: "Tomorrow", date: "2026-11-22"),
    ])
    func titles(_ c: QuickAddCase) { c.check() }

    @Test func rangesAreUTF16Offsets() {
        let r = QuickAddFixture.parse("CS 298 - Homework 2 due 3/12")
        #expect(r.ranges.list == QuickAddRange(start: 0, length: 6))
        #expect(r.ranges.date == QuickAddRange(start: 20, length: 8))  // "due 3/12"
        #expect(r.ranges.title == [QuickAddRange(start: 9, length: 10)])

        let e = QuickAddFixture.parse("🛒 Groceries: bananas at 5pm")
        #expect(e.ranges.list == QuickAddRange(start: 3, length: 9))
        #expect(e.ranges.time == QuickAddRange(start: 22, length: 6))  // "at 5pm"
        #expect(e.ranges.title == [QuickAddRange(start: 14, length: 7)])

        let m = QuickAddFixture.parse("Homework 2 for CS298 due 3/12, remind me every hour")
        #expect(m.ranges.list == QuickAddRange(start: 11, length: 9))  // "for CS298"
        #expect(m.ranges.remindEvery == QuickAddRange(start: 31, length: 20))
    }

    @Test func longInputsStayFast() {
        let inputs = [
            String(repeating: "1/2 ", count: 500), String(repeating: "in ", count: 700),
            String(repeating: "(", count: 1000) + "x" + String(repeating: ")", count: 1000),
            String(repeating: "CS 298 at the 1st every Friday ", count: 70), String(repeating: "😩", count: 1000),
        ]
        for text in inputs {
            let clock = ContinuousClock()
            let elapsed = clock.measure { _ = QuickAddFixture.parse(text) }
            // Generous: debug builds on a shared machine. A quadratic scan would take seconds.
            #expect(elapsed < .seconds(1), "\(text.prefix(20))… took \(elapsed)")
        }
    }
}
