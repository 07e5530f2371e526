import ChecklistClient
import Foundation
import Testing

@Suite struct InputParsingTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let lisbonSummer = TimeZone(identifier: "Europe/Lisbon")!
    /// Wednesday 2025-11-19 10:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_763_546_400)

    @Test(arguments: [
        ("2027-03-12", "2027-03-12"),
        ("today", "2025-11-19"),
        ("tomorrow", "2025-11-20"),
        ("fri", "2025-11-21"),
        ("thursday", "2025-11-20"),
        // Today's weekday without a time is today (one rule with quick add: a day is not over
        // until it ends); with a time that has passed, it is next week's.
        ("wed", "2025-11-19"),
        ("wed 9am", "2025-11-26T09:00:00Z"),
        ("yesterday", "2025-11-18"),
        ("last wednesday", "2025-11-12"),
        ("noon", "2025-11-19T12:00:00Z"),
        ("9am", "2025-11-20T09:00:00Z"),
        ("2027-03-12 17:00", "2027-03-12T17:00:00Z"),
        ("2027-03-12T17:00", "2027-03-12T17:00:00Z"),
        ("2027-03-12T17:00:00+02:00", "2027-03-12T15:00:00Z"),
        // What quick add reads as a date, through its own parser.
        ("friday 5pm", "2025-11-21T17:00:00Z"),
        ("in 3 days", "2025-11-22"),
        ("Dec 4", "2025-12-04"),
        ("next tuesday 9:30", "2025-11-25T09:30:00Z"),
    ])
    func dueValues(typed: String, wire: String) throws {
        #expect(try DueInput.parse(typed, timeZone: Self.utc, now: Self.now) == wire)
    }

    @Test func localTimesAreConvertedToUTC() throws {
        #expect(
            try DueInput.parse("2027-07-01 17:00", timeZone: Self.lisbonSummer, now: Self.now) == "2027-07-01T16:00:00Z"
        )
    }

    @Test(arguments: ["2027-02-30", "soon", "2027-03-12 25:00", "", "buy milk friday", "friday at the library"])
    func badDueValues(typed: String) {
        #expect(throws: ClientError.self) { try DueInput.parse(typed, timeZone: Self.utc, now: Self.now) }
    }

    @Test(arguments: [
        ("90s", 90), ("30m", 1800), ("1h30m", 5400), ("2d", 172_800), ("1w", 604_800), ("daily", 86400), ("3600", 3600),
    ])
    func durations(typed: String, seconds: Int) throws {
        #expect(try ReminderInterval.parse(typed) == seconds)
        #expect(try ReminderInterval.parse(ReminderInterval.format(seconds)) == seconds)
    }

    @Test(arguments: ["0", "5x", "h", "400d", "1.5h"])
    func badDurations(typed: String) {
        #expect(throws: ClientError.self) { try ReminderInterval.parse(typed) }
    }

    @Test(arguments: [
        ("127.0.0.1:8080", "ws://127.0.0.1:8080/ws"),
        ("http://example.org:9000", "ws://example.org:9000/ws"),
        ("https://example.org", "wss://example.org/ws"),
        ("ws://h:1/ws", "ws://h:1/ws"),
        ("ws://h:1/", "ws://h:1/ws"),
        ("wss://h/custom/path", "wss://h/custom/path"),
    ])
    func serverAddresses(typed: String, url: String) {
        #expect(ServerAddress.normalize(typed) == url)
    }

    @Test func timeZoneComesFromTZThenLocaltime() throws {
        #expect(LocalTimeZone.identifier(environment: ["TZ": "America/New_York"]) == "America/New_York")
        #expect(LocalTimeZone.identifier(environment: ["TZ": ":Europe/Lisbon"]) == "Europe/Lisbon")
        #expect(LocalTimeZone.identifier(environment: ["TZ": "/usr/share/zoneinfo/Asia/Tokyo"]) == "Asia/Tokyo")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/Berlin")
        #expect(
            LocalTimeZone.identifier(environment: [:], localtimeLink: link, timezoneFile: "/nonexistent")
                == "Europe/Berlin")
        #expect(
            LocalTimeZone.identifier(environment: [:], localtimeLink: "/nonexistent", timezoneFile: "/nonexistent")
                == "UTC")
    }
}
