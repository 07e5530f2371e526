import ChecklistCore
import Foundation
import Testing

@Suite struct TimeFormatTests {
    /// 2026-11-21T14:00:00Z in epoch milliseconds.
    static let nov21 = Int64(1_795_269_600_000)

    /// A `Date` becomes the millisecond it falls in (rounded down, never up into the next).
    @Test func aDateBecomesTheMillisecondItFallsIn() {
        #expect(Timestamp(Date(timeIntervalSince1970: 1_795_269_600.0129)).milliseconds == Self.nov21 + 12)
        #expect(Timestamp(Date(timeIntervalSince1970: 1_795_269_600)).rfc3339 == "2026-11-21T14:00:00Z")
    }

    /// RFC 3339 text → the instant → its canonical UTC form.
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0), "1970-01-01T00:00:00Z"),
        ("2026-11-21T14:00:00Z", nov21, "2026-11-21T14:00:00Z"),
        ("2026-11-21t14:00:00z", nov21, "2026-11-21T14:00:00Z"),
        ("2026-11-21T14:00:00.5Z", nov21 + 500, "2026-11-21T14:00:00.500Z"),
        ("2026-11-21T14:00:00.05Z", nov21 + 50, "2026-11-21T14:00:00.050Z"),
        ("2026-11-21T14:00:00.007Z", nov21 + 7, "2026-11-21T14:00:00.007Z"),
        ("2026-11-21T14:00:00.123456789Z", nov21 + 123, "2026-11-21T14:00:00.123Z"),
        ("2026-11-21T14:00:00.000Z", nov21, "2026-11-21T14:00:00Z"),
        ("2026-11-21T16:00:00+02:00", nov21, "2026-11-21T14:00:00Z"),
        ("2026-11-21T09:30:00-04:30", nov21, "2026-11-21T14:00:00Z"),
        ("2026-11-21T14:00:00+00:00", nov21, "2026-11-21T14:00:00Z"),
        ("2026-11-22T00:30:00.25+10:30", nov21 + 250, "2026-11-21T14:00:00.250Z"),
        ("2026-11-21T00:30:00+01:00", nov21 - 14 * 3_600_000 - 30 * 60_000, "2026-11-20T23:30:00Z"),
        ("1969-12-31T23:59:59.999Z", Int64(-1), "1969-12-31T23:59:59.999Z"),
        ("2024-02-29T12:00:00Z", Int64(1_709_208_000_000), "2024-02-29T12:00:00Z"),
        ("2027-03-12T17:00:00Z", Int64(1_804_870_800_000), "2027-03-12T17:00:00Z"),
    ])
    func timestampParsesAndFormatsAsUTC(text: String, milliseconds: Int64, canonical: String) throws {
        let instant = try #require(Timestamp(rfc3339: text))
        #expect(instant.milliseconds == milliseconds)
        #expect(instant.rfc3339 == canonical)
        #expect(instant.description == canonical)
        #expect(Timestamp(rfc3339: canonical) == instant)
    }

    @Test(arguments: [
        "", "2026-11-21", "2026-11-21T14:00:00", "2026-11-21T14:00Z", "2026-11-21 14:00:00Z",
        " 2026-11-21T14:00:00Z", "2026-11-21T14:00:00Z ", "2026-11-21T14:00:00Zjunk",
        "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-21T24:00:00Z",
        "2026-11-21T14:60:00Z", "2026-11-21T14:00:00.Z", "2026-11-21T14:00:00+0200", "2026-11-21T14:00:00+02",
        "2026-11-21T14:00:00+24:00", "26-11-21T14:00:00Z", "2026-1-21T14:00:00Z", "2026-11-21T4:00:00Z",
        "tomorrow", "2026-11-21T14:00:00.5", "2026-12-31T23:59:60Z", "2026-11-21T14:00:60.500Z",
    ])
    func timestampRejectsWhatIsNotRFC3339(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    /// Formatting then parsing gives the same instant, across the epoch, leap days and years.
    @Test(arguments: [
        Int64(0), -1, 1, 999, 1000, 86_399_999, 86_400_000, -86_400_000, nov21, nov21 + 1,
        951_782_400_000, 4_107_542_399_999, 253_402_300_799_999, -62_135_596_800_000,
    ])
    func timestampRoundTrips(milliseconds: Int64) throws {
        let instant = Timestamp(milliseconds: milliseconds)
        let parsed = try #require(Timestamp(rfc3339: instant.rfc3339), "\(instant.rfc3339)")
        #expect(parsed == instant)
    }

    @Test func timestampsCompareByInstant() throws {
        let a = try #require(Timestamp(rfc3339: "2026-11-21T15:00:00+02:00"))
        let b = try #require(Timestamp(rfc3339: "2026-11-21T14:00:00Z"))
        #expect(a < b)
        #expect(Timestamp(rfc3339: "2026-11-21T16:00:00+02:00") == b)
    }

    @Test(arguments: [
        (2024, 2, 29, true), (2023, 2, 29, false), (2000, 2, 29, true), (1900, 2, 29, false),
        (2027, 4, 30, true), (2027, 4, 31, false), (2027, 12, 31, true), (2027, 1, 0, false),
        (2027, 0, 1, false), (2027, 13, 1, false), (0, 1, 1, false), (1, 1, 1, true),
        (9999, 12, 31, true), (10_000, 1, 1, false),
    ])
    func civilDateExistsOnlyForRealDays(year: Int, month: Int, day: Int, valid: Bool) {
        #expect((CivilDate(year: year, month: month, day: day) != nil) == valid)
    }

    @Test(arguments: [
        ("2027-03-12", "2027-03-12"), ("2024-02-29", "2024-02-29"), ("0099-01-01", "0099-01-01"),
    ])
    func civilDateParsesAndFormats(text: String, canonical: String) throws {
        let date = try #require(CivilDate(iso: text))
        #expect(date.description == canonical)
    }

    @Test(arguments: [
        "", "2027-3-12", "2027-03-1", "27-03-12", "2027/03/12", "2027-03-12T00:00:00Z", "2027-02-29",
        "2027-03-12 ", "20270312",
    ])
    func civilDateRejectsOtherText(text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test(arguments: [-719_162, -1, 0, 1, 59, 60, 365, 10_956, 11_016, 20_524, 2_932_896])
    func civilDateDayCountsRoundTrip(days: Int) throws {
        let date = CivilDate(daysSinceEpoch: days)
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(iso: date.description) == date)
    }

    @Test func civilDateKnownDays() throws {
        #expect(CivilDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(CivilDate(daysSinceEpoch: -1).description == "1969-12-31")
        #expect(try #require(CivilDate(iso: "2000-03-01")).daysSinceEpoch == 11_017)
        #expect(try #require(CivilDate(iso: "2027-03-12")).startOfDayUTC == Timestamp(rfc3339: "2027-03-12T00:00:00Z"))
        #expect(try #require(CivilDate(iso: "2027-03-12")) < (try #require(CivilDate(iso: "2027-03-13"))))
    }

    /// A due value comes back in the form it was given: a date stays a date, a date-time a
    /// date-time (in UTC).
    @Test(arguments: [
        ("2027-03-12", true, "2027-03-12"),
        ("2027-03-12T17:00:00Z", false, "2027-03-12T17:00:00Z"),
        ("2027-03-12T19:00:00+02:00", false, "2027-03-12T17:00:00Z"),
        ("2027-03-12T00:00:00Z", false, "2027-03-12T00:00:00Z"),
        ("2027-03-12T17:00:00.250Z", false, "2027-03-12T17:00:00.250Z"),
    ])
    func dueKeepsItsForm(text: String, isDate: Bool, canonical: String) throws {
        let due = try #require(Due(wire: text))
        if case .date = due { #expect(isDate) } else { #expect(!isDate) }
        #expect(due.description == canonical)
        #expect(Due(wire: due.description) == due)
    }

    @Test(arguments: ["", "tomorrow", "2027-02-30", "2027-03-12T17:00", "12/03/2027", "2027-03-12T25:00:00Z"])
    func dueRejectsOtherText(text: String) {
        #expect(Due(wire: text) == nil)
    }

    @Test func dueSortsAllDayAsMidnightUTC() throws {
        let day = try #require(Due(wire: "2027-03-12"))
        let midnight = try #require(Due(wire: "2027-03-12T00:00:00Z"))
        #expect(day.sortKey == midnight.sortKey)
        #expect(day != midnight)
        #expect(day.sortKey.milliseconds == 1_804_809_600_000)
    }
}
