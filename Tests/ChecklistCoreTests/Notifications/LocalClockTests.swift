import ChecklistCore
import Testing

/// The digest's next instant and quiet hours on the user's wall clock, with time as an input:
/// daylight-saving changes on both sides of the Atlantic and a year of days in milliseconds.
@Suite struct LocalClockTests {
    private static func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }
    private static func clock(_ text: String) -> TimeOfDay { TimeOfDay(text)! }

    @Test(arguments: [
        ("07:30", 450), ("00:00", 0), ("23:59", 1439),
    ])
    func aTimeOfDayIsTwoDigitsColonTwoDigits(text: String, minutes: Int) {
        #expect(TimeOfDay(text)?.minutes == minutes)
        #expect(TimeOfDay(text)?.description == text)
    }

    @Test(arguments: ["7:30", "24:00", "12:60", "ab:cd", "", "07:30:00", "07-30", "０７:３０"])
    func anythingElseIsNoTimeOfDay(text: String) {
        #expect(TimeOfDay(text) == nil)
    }

    /// The next digest at 07:30 in Berlin, the day before and the day of the spring change.
    @Test(arguments: [
        ("2027-03-26T12:00:00Z", "2027-03-27T06:30:00Z"),  // CET, UTC+1
        ("2027-03-27T12:00:00Z", "2027-03-28T05:30:00Z"),  // CEST since 01:00 UTC that night, UTC+2
        ("2027-10-30T12:00:00Z", "2027-10-31T06:30:00Z"),  // back to CET at 01:00 UTC
        ("2027-03-28T05:29:59Z", "2027-03-28T05:30:00Z"),  // the same morning, a second before
        ("2027-03-28T05:30:00Z", "2027-03-29T05:30:00Z"),  // at the instant itself: the next day's
    ])
    func theNextDigestIsAtTheLocalTimeAcrossTheChange(now: String, expected: String) {
        #expect(
            LocalClock.next(Self.clock("07:30"), after: Self.time(now), zone: "Europe/Berlin") == Self.time(expected))
    }

    /// 02:30 does not happen in New York on 2027-03-14 (02:00 becomes 03:00): it is read with
    /// the offset before the change, 03:30 EDT. 01:30 happens twice on 2027-11-07: the first.
    @Test func skippedAndRepeatedLocalTimes() {
        let skipped = LocalClock.instant(
            on: CivilDate(year: 2027, month: 3, day: 14)!, at: Self.clock("02:30"), zone: "America/New_York")
        #expect(skipped == Self.time("2027-03-14T07:30:00Z"))
        #expect(LocalClock.timeOfDay(at: skipped, zone: "America/New_York") == Self.clock("03:30"))
        let repeated = LocalClock.instant(
            on: CivilDate(year: 2027, month: 11, day: 7)!, at: Self.clock("01:30"), zone: "America/New_York")
        #expect(repeated == Self.time("2027-11-07T05:30:00Z"))  // EDT, UTC−4; EST's 01:30 is an hour later
        #expect(
            LocalClock.next(Self.clock("02:30"), after: Self.time("2027-03-13T08:00:00Z"), zone: "America/New_York")
                == skipped)
    }

    /// A year of daily digests at 08:00 in London and in Sydney: each one at 08:00 on the wall,
    /// 23, 24 or 25 hours after the last, and exactly two days a year not 24.
    @Test(arguments: ["Europe/London", "Australia/Sydney"])
    func aYearOfDigestsKeepsTheWallClockTime(zone: String) {
        var now = Self.time("2027-01-01T12:00:00Z")
        var previous: Timestamp?
        var changes = 0
        for _ in 0..<365 {
            let next = LocalClock.next(Self.clock("08:00"), after: now, zone: zone)
            #expect(LocalClock.timeOfDay(at: next, zone: zone) == Self.clock("08:00"))
            if let previous {
                let hours = (next.milliseconds - previous.milliseconds) / 3_600_000
                #expect([23, 24, 25].contains(hours))
                if hours != 24 { changes += 1 }
            }
            previous = next
            now = next
        }
        #expect(changes == 2)
    }

    @Test func quietHoursOverMidnightEndAtTheirLocalEnd() {
        let quiet = QuietHours(from: Self.clock("22:00"), to: Self.clock("07:00"))
        let lateEvening = Self.time("2027-07-01T21:00:00Z")  // 23:00 CEST
        #expect(quiet.contains(lateEvening, zone: "Europe/Berlin"))
        #expect(quiet.end(containing: lateEvening, zone: "Europe/Berlin") == Self.time("2027-07-02T05:00:00Z"))
        let noon = Self.time("2027-07-01T10:00:00Z")
        #expect(!quiet.contains(noon, zone: "Europe/Berlin"))
        #expect(quiet.end(containing: noon, zone: "Europe/Berlin") == noon)
        // 22:00 is quiet, 07:00 is not.
        #expect(quiet.contains(Self.time("2027-07-01T20:00:00Z"), zone: "Europe/Berlin"))
        #expect(!quiet.contains(Self.time("2027-07-02T05:00:00Z"), zone: "Europe/Berlin"))
        // The night the clocks go forward: 23:00 CET to 07:00 CEST is seven hours.
        let springNight = Self.time("2027-03-27T22:00:00Z")
        #expect(quiet.end(containing: springNight, zone: "Europe/Berlin") == Self.time("2027-03-28T05:00:00Z"))
    }

    @Test func quietHoursWithinADayAndNone() {
        let lunch = QuietHours(from: Self.clock("12:00"), to: Self.clock("13:00"))
        #expect(lunch.contains(Self.time("2027-07-01T12:30:00Z"), zone: "UTC"))
        #expect(!lunch.contains(Self.time("2027-07-01T13:00:00Z"), zone: "UTC"))
        let none = QuietHours(from: Self.clock("09:00"), to: Self.clock("09:00"))
        #expect(!none.contains(Self.time("2027-07-01T09:00:00Z"), zone: "UTC"))
    }
}
