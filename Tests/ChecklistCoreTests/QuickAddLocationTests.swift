import Foundation
import Testing
@testable import ChecklistCore

@Suite struct QuickAddLocationTests {
    @Test(arguments: [
        QuickAddCase(text: "Return books at the library", title: "Return books", location: "the library"),
        QuickAddCase(text: "Office hours @ Room 204", title: "Office hours", location: "Room 204"),
        QuickAddCase(text: "Meet advisor in Engineering 189", title: "Meet advisor", location: "Engineering 189"),
        QuickAddCase(
            text: "Coffee at Blue Bottle at 3", title: "Coffee", date: "2026-11-21", time: "15:00",
            location: "Blue Bottle"),
        QuickAddCase(
            text: "Meet at Barnes & Noble at 4pm", title: "Meet", date: "2026-11-21", time: "16:00",
            location: "Barnes & Noble"),
        QuickAddCase(
            text: "Meet Sam at Bank of America on Main", title: "Meet Sam on Main", location: "Bank of America"),
        QuickAddCase(
            text: "Dinner at 221B Baker Street at 7", title: "Dinner", date: "2026-11-21", time: "19:00",
            location: "221B Baker Street"),
        QuickAddCase(
            text: "Pick up kid at school at 3:15", title: "Pick up kid", date: "2026-11-21", time: "15:15",
            location: "school"),
        QuickAddCase(text: "Study at home tonight", title: "Study", date: "2026-11-21", location: "home"),
        QuickAddCase(text: "Meet @home", title: "Meet", location: "home"),
        QuickAddCase(
            text: "Thanksgiving dinner at Mom's", title: "Thanksgiving dinner", date: "2026-11-26", location: "Mom's"),
        QuickAddCase(text: "check in at the hotel", title: "check in", location: "the hotel"),
        QuickAddCase(text: "Turn in essay in Engineering 189", title: "Turn in essay", location: "Engineering 189"),
        QuickAddCase(text: "Lunch in Boston on Friday", title: "Lunch", date: "2026-11-27", location: "Boston"),
        QuickAddCase(text: "Clean up in the kitchen", title: "Clean up", location: "the kitchen"),
    ])
    func locations(_ c: QuickAddCase) { c.check() }

    @Test(arguments: [
        "Look at the budget", "Hand in Homework 3", "check in", "Log in to the portal", "Talk in Spanish class",
        "Email Dana in March", "Finish in time", "Ping @dana about review", "Run in the morning",
        "Arrive at least early", "Discuss at lunch", "Plan in Q3", "Take a look at the slides",
    ])
    func notLocations(_ text: String) {
        let r = QuickAddFixture.parse(text)
        #expect(r.location == nil, "location of \(text): \(r.location ?? "")")
        #expect(r.title == text)
    }

    @Test func notAPlaceAfterTimes() {
        let r = QuickAddFixture.parse("Groceries - eggs in 3 days @ 4pm")
        #expect(r.location == nil)
        #expect(r.time?.description == "16:00")
        #expect(r.date?.description == "2026-11-24")
    }
}
