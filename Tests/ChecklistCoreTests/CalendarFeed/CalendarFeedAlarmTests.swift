import Testing

@testable import ChecklistCore

@Suite("Calendar feed alarms (VALARM) and habits as one recurring component")
struct CalendarFeedAlarmTests {
    typealias Fixture = CalendarFeedTests

    static func lines(_ item: Item, _ components: CalendarFeed.Components, zone: String = "UTC") -> [String] {
        Fixture.lines(CalendarFeed(name: "Ana", components: components, entries: [Fixture.entry(item, zone: zone)]))
    }

    static func reminding(_ item: Item, before seconds: Int?) -> Item {
        var item = item
        item.remindBefore = seconds
        return item
    }

    static func alarm(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(of: "BEGIN:VALARM"), let end = lines.firstIndex(of: "END:VALARM") else {
            return []
        }
        return Array(lines[start...end])
    }

    @Test("an event rings remindBefore before DTSTART; a task counts from its DUE")
    func eventAndTask() {
        let item = Self.reminding(
            Fixture.item("Lab report", due: .dateTime(Timestamp(rfc3339: "2027-03-12T14:00:00Z")!)), before: 5_400)
        #expect(
            Self.alarm(Self.lines(item, .events)) == [
                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H30M", "DESCRIPTION:Lab report", "END:VALARM",
            ])
        #expect(Self.alarm(Self.lines(item, .todos)).contains("TRIGGER;RELATED=END:-PT1H30M"))
        // The alarm sits inside its component.
        let lines = Self.lines(item, .todos)
        #expect(lines.firstIndex(of: "BEGIN:VALARM")! < lines.firstIndex(of: "END:VTODO")!)
    }

    @Test(
        "a date-only due rings as if due at 09:00, as the server's reminder does",
        arguments: [
            (0, "PT9H"), (3_600, "PT8H"), (9 * 3_600, "PT0S"), (86_400, "-PT15H"), (2 * 86_400 + 61, "-PT39H1M1S"),
        ]
    )
    func dateOnly(remindBefore: Int, trigger: String) {
        let item = Self.reminding(
            Fixture.item("Essay", due: .date(CivilDate(iso: "2027-03-31")!)), before: remindBefore)
        #expect(Self.alarm(Self.lines(item, .events)).contains("TRIGGER:\(trigger)"))
    }

    @Test("no alarm without remindBefore, nor on a done or cancelled item")
    func noAlarm() {
        let due = Due.dateTime(Timestamp(rfc3339: "2027-03-12T14:00:00Z")!)
        #expect(Self.alarm(Self.lines(Fixture.item("Plain", due: due), .events)).isEmpty)
        for status in [ItemStatus.done, .cancelled] {
            let item = Self.reminding(Fixture.item("Over", due: due, status: status), before: 600)
            #expect(Self.alarm(Self.lines(item, .events)).isEmpty)
            #expect(Self.alarm(Self.lines(item, .todos)).isEmpty)
        }
    }

    @Test("the alarm's text is escaped like the summary")
    func escapedDescription() {
        let item = Self.reminding(
            Fixture.item("Call; then, write", due: .date(CivilDate(iso: "2027-03-31")!)), before: 0)
        #expect(Self.alarm(Self.lines(item, .events)).contains("DESCRIPTION:Call\\; then\\, write"))
    }

    @Test("a daily habit is one component with its RRULE from its first day, and its alarm rings each day")
    func habit() {
        let habit = Self.reminding(
            Fixture.item("Stretch", due: .dateTime(Timestamp(rfc3339: "2027-03-12T06:30:00Z")!), rule: "FREQ=DAILY"),
            before: 0)
        for components in [CalendarFeed.Components.events, .todos] {
            let lines = Self.lines(habit, components, zone: "Europe/Berlin")
            #expect(lines.filter { $0 == "BEGIN:\(components.rawValue)" }.count == 1)
            #expect(lines.contains("RRULE:FREQ=DAILY"))
            let start = components == .events ? "DTSTART" : "DUE"
            #expect(lines.contains("\(start);TZID=Europe/Berlin:20270312T073000"))
            #expect(Self.alarm(lines).contains { $0.hasPrefix("TRIGGER") && $0.hasSuffix(":PT0S") })
        }
    }

    @Test(arguments: [(0, "PT0S"), (59, "PT59S"), (3_600, "PT1H"), (-90, "-PT1M30S"), (-86_400, "-PT24H")])
    func durations(seconds: Int, text: String) {
        #expect(CalendarFeed.duration(seconds: seconds) == text)
    }
}
