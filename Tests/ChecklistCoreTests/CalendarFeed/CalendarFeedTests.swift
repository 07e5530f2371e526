import Foundation
import Testing
@testable import ChecklistCore

@Suite("Calendar feed text (RFC 5545)")
struct CalendarFeedTests {
    static let created = Timestamp(rfc3339: "2027-03-01T08:00:00Z")!
    static let modified = Timestamp(rfc3339: "2027-03-02T10:30:00Z")!

    static func entry(_ item: Item, zone: String = "UTC", revision: Int = 3) -> CalendarFeed.Entry {
        CalendarFeed.Entry(
            listID: "list-1", listTitle: "Homework, week 10", listTimeZone: zone, item: item, revision: revision,
            modifiedAt: modified)
    }

    static func item(_ title: String, due: Due?, status: ItemStatus = .open, rule: String? = nil) -> Item {
        Item(
            id: "item-1", parent: nil, position: 1, title: title, due: due,
            repeatRule: rule.map { try! RepeatRule(parsing: $0) },
            repeatStart: rule == nil ? nil : CivilDate(iso: "2027-03-12"),
            status: status, createdBy: "ana", createdAt: created, doneBy: status == .done ? "ana" : nil,
            doneAt: status == .done ? modified : nil
        )
    }

    static func lines(_ feed: CalendarFeed) -> [String] {
        feed.text(now: modified).components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    @Test("a date-only due is an all-day event ending the next day")
    func allDay() {
        let lines = Self.lines(
            CalendarFeed(
                name: "Ana", components: .events,
                entries: [Self.entry(Self.item("Essay", due: .date(CivilDate(iso: "2027-03-31")!)))]))
        #expect(lines.contains("DTSTART;VALUE=DATE:20270331"))
        #expect(lines.contains("DTEND;VALUE=DATE:20270401"))
        #expect(lines.contains("UID:item-1.list-1@checkwire"))
        #expect(lines.contains("SEQUENCE:3"))
        #expect(lines.contains("DTSTAMP:20270302T103000Z"))
        #expect(lines.contains("CATEGORIES:Homework\\, week 10"))
        #expect(lines.contains("STATUS:CONFIRMED"))
    }

    @Test("a date-time due is in UTC; done shows a tick on an event and COMPLETED on a task")
    func doneStates() {
        let item = Self.item(
            "Call; then write", due: .dateTime(Timestamp(rfc3339: "2027-03-12T14:05:00Z")!), status: .done)
        let events = Self.lines(CalendarFeed(name: "Ana", components: .events, entries: [Self.entry(item)]))
        #expect(events.contains("DTSTART:20270312T140500Z"))
        #expect(events.contains("SUMMARY:✓ Call\\; then write"))
        let todos = Self.lines(CalendarFeed(name: "Ana", components: .todos, entries: [Self.entry(item)]))
        #expect(todos.contains("BEGIN:VTODO"))
        #expect(todos.contains("DUE:20270312T140500Z"))
        #expect(todos.contains("STATUS:COMPLETED"))
        #expect(todos.contains("COMPLETED:20270302T103000Z"))
        #expect(todos.contains("PERCENT-COMPLETE:100"))
        #expect(todos.contains("SUMMARY:Call\\; then write"))
    }

    @Test("a cancelled item is STATUS:CANCELLED and loses its rule")
    func cancelled() {
        let item = Self.item("Gone", due: .date(CivilDate(iso: "2027-03-12")!), status: .cancelled, rule: "FREQ=WEEKLY")
        let lines = Self.lines(CalendarFeed(name: "Ana", components: .events, entries: [Self.entry(item)]))
        #expect(lines.contains("STATUS:CANCELLED"))
        #expect(!lines.contains { $0.hasPrefix("RRULE") })
    }

    @Test(
        "a repeating 09:00 in Berlin is written in Berlin time with a VTIMEZONE, so it stays at 09:00 after the clocks change"
    )
    func repeatingInZone() {
        let item = Self.item(
            "Standup", due: .dateTime(Timestamp(rfc3339: "2027-03-12T08:00:00Z")!), rule: "FREQ=WEEKLY;BYDAY=MO,FR")
        let lines = Self.lines(
            CalendarFeed(name: "Ana", components: .events, entries: [Self.entry(item, zone: "Europe/Berlin")]))
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20270312T090000"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,FR"))
        #expect(lines.contains("TZID:Europe/Berlin"))
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"))
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"))
        #expect(lines.contains("TZOFFSETTO:+0200"))
        // A zone without daylight saving gets one STANDARD block.
        let tokyo = Self.lines(
            CalendarFeed(name: "Ana", components: .events, entries: [Self.entry(item, zone: "Asia/Tokyo")]))
        #expect(tokyo.contains("TZOFFSETTO:+0900"))
        #expect(!tokyo.contains("BEGIN:DAYLIGHT"))
    }

    @Test("lines are CRLF-ended and folded at 75 octets without splitting a character")
    func folding() {
        let title = String(repeating: "Überprüfung ", count: 20) + "🎓"
        let text = CalendarFeed(
            name: "Ana", components: .events,
            entries: [Self.entry(Self.item(title, due: .date(CivilDate(iso: "2027-03-31")!)))]
        ).text(now: Self.modified)
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let physical = text.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:\(title)"))
    }

    @Test("notes with line breaks and commas are escaped in DESCRIPTION")
    func escaping() {
        #expect(ICalendarText.escaped("a,b;c\\d\ne\r\u{7}") == "a\\,b\\;c\\\\d\\ne")
    }
}
