import ChecklistCore
import Testing

/// The RRULE subset: what it accepts (and how it says what is wrong), and the occurrence
/// arithmetic over month ends, leap years and daylight-saving changes.
@Suite struct RepeatRuleTests {
    private static func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test(arguments: [
        ("FREQ=DAILY", "FREQ=DAILY"),
        ("freq=weekly;byday=fr,mo", "FREQ=WEEKLY;BYDAY=MO,FR"),
        ("FREQ=WEEKLY;INTERVAL=1;BYDAY=TU", "FREQ=WEEKLY;BYDAY=TU"),
        ("BYMONTHDAY=15;FREQ=MONTHLY;INTERVAL=2", "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15"),
    ])
    func rulesAreReadAndWrittenCanonically(text: String, canonical: String) throws {
        #expect(try RepeatRule(parsing: text).rrule == canonical)
    }

    @Test(arguments: [
        ("FREQ=YEARLY", "FREQ=YEARLY is not supported"),
        ("FREQ=DAILY;COUNT=3", "COUNT is not supported"),
        ("FREQ=DAILY;BYDAY=MO", "BYDAY goes with FREQ=WEEKLY only"),
        ("FREQ=WEEKLY;BYDAY=1MO", "“1MO” is not a weekday"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY=32"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL=0"),
        ("INTERVAL=2", "needs FREQ"),
        ("FREQ=DAILY;;", "is not NAME=VALUE"),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ is given twice"),
    ])
    func badRulesNameTheBadPart(text: String, gist: String) {
        do {
            _ = try RepeatRule(parsing: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message.contains(gist), "\(error.message)")
        }
    }

    @Test(arguments: [
        // rule, start, after, next
        ("FREQ=DAILY", "2027-02-27", "2027-02-28", "2027-03-01"),
        ("FREQ=DAILY;INTERVAL=3", "2027-01-01", "2027-01-01", "2027-01-04"),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "2027-03-01", "2027-03-05", "2027-03-08"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "2026-11-24", "2026-11-24", "2026-12-08"),
        ("FREQ=WEEKLY", "2027-03-03", "2027-03-03", "2027-03-10"),
        ("FREQ=MONTHLY;BYMONTHDAY=31", "2027-01-31", "2027-01-31", "2027-03-31"),  // no Feb 31
        ("FREQ=MONTHLY;BYMONTHDAY=31", "2027-03-31", "2027-03-31", "2027-05-31"),  // no Apr 31
        ("FREQ=MONTHLY", "2028-01-29", "2028-01-29", "2028-02-29"),  // leap year
        ("FREQ=MONTHLY;BYMONTHDAY=29", "2027-01-29", "2027-01-29", "2027-03-29"),  // no Feb 29 in 2027
        ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", "2027-01-15", "2027-01-15", "2027-04-15"),
    ])
    func nextOccurrences(rule: String, start: String, after: String, next: String) throws {
        let parsed = try RepeatRule(parsing: rule)
        #expect(parsed.nextOccurrence(after: Self.date(after), start: Self.date(start)) == Self.date(next))
        #expect(parsed.isOccurrence(Self.date(next), start: Self.date(start)))
    }

    @Test func theFirstOccurrenceFromTodayOn() throws {
        let monday = try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=MO")
        let saturday = Self.date("2026-11-21")
        #expect(monday.firstOccurrence(onOrAfter: saturday) == Self.date("2026-11-23"))
        #expect(
            try RepeatRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=1").firstOccurrence(onOrAfter: saturday)
                == Self.date("2026-12-01"))
        #expect(try RepeatRule(parsing: "FREQ=DAILY").firstOccurrence(onOrAfter: saturday) == saturday)
        #expect(
            try RepeatRule(parsing: "FREQ=WEEKLY;INTERVAL=2").firstOccurrence(onOrAfter: saturday) == saturday,
            "no BYDAY: today's weekday")
        #expect(
            try RepeatRule(parsing: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU").firstOccurrence(onOrAfter: saturday)
                == Self.date("2026-11-24"),
            "every other Tuesday starts on the coming one")
        #expect(Self.date("2026-11-23").isoWeekday == 1 && Self.date("2026-11-21").isoWeekday == 6)
    }

    /// A date-time due keeps its local time across a daylight-saving change.
    @Test(arguments: [
        ("Europe/Berlin", "2027-03-27T08:00:00Z", "2027-03-28T07:00:00Z"),  // 09:00 CET → 09:00 CEST
        ("America/New_York", "2027-11-06T13:00:00Z", "2027-11-07T14:00:00Z"),  // 09:00 EDT → 09:00 EST
        ("UTC", "2027-03-27T08:00:00Z", "2027-03-28T08:00:00Z"),
    ])
    func aDateTimeKeepsItsLocalTime(zone: String, due: String, next: String) throws {
        let rule = try RepeatRule(parsing: "FREQ=DAILY")
        let current = Due.dateTime(Timestamp(rfc3339: due)!)
        let start = RepeatDue.localDate(of: current, timeZone: zone)
        #expect(
            RepeatDue.next(after: current, rule: rule, start: start, timeZone: zone)
                == .dateTime(Timestamp(rfc3339: next)!))
    }

    @Test func completingARepeatingItemRecordsTheOccurrenceAndMovesItsDue() throws {
        var state = CoreFixture.list()
        let rule = try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=MO,TH")
        state.run(.addItem(Edit.NewItem(id: "quiz", title: "Quiz", due: Due(wire: "2026-11-23"), repeatRule: rule)))
        #expect(state.items["quiz"]?.repeatStart == Self.date("2026-11-23"))
        let done = try state.applying(.completeItem("quiz"))
        #expect(done.occurrence == Self.date("2026-11-23"))
        #expect(state.items["quiz"]?.status == .open && state.items["quiz"]?.due == Due(wire: "2026-11-26"))
        #expect(done.completion.done == 0, "a repeating item counts as open")
        _ = try state.applying(.completeItem("quiz"))
        #expect(state.items["quiz"]?.due == Due(wire: "2026-11-30"))
    }

    @Test func aRuleWithoutADueStartsOnItsFirstDayFromToday() throws {
        var state = CoreFixture.list()  // edits happen on 2026-11-21 (a Saturday), UTC
        state.run(
            .addItem(Edit.NewItem(id: "gym", title: "Gym", repeatRule: try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=MO")))
        )
        #expect(
            state.items["gym"]?.due == Due(wire: "2026-11-23")
                && state.items["gym"]?.repeatStart == Self.date("2026-11-23"))
        state.run(.updateItem("gym", Edit.ItemUpdate(repeatRule: .clear)))
        #expect(
            state.items["gym"]?.repeatStart == nil && state.items["gym"]?.due == Due(wire: "2026-11-23"),
            "the due stays")
        state.run(.completeItem("gym"))
        #expect(state.items["gym"]?.status == .done, "no longer repeating: done for good")
    }
}
