import Foundation
import Testing
@testable import ChecklistCore
import QuickAddTools

@Suite struct QuickAddJSONLinesTests {
    func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func outputHasEveryKeyWithNulls() throws {
        let out = try object(
            QuickAddJSONLines.process(
                line: """
                    {"id":"a","text":"Personal - call the bank, remind me every 2 hours","lists":["Personal"],"now":"2026-11-21T09:00:00","tz":"America/New_York"}
                    """))
        #expect(
            Set(out.keys) == [
                "id", "list", "section", "title", "date", "time", "location", "remindEvery", "remindBefore", "repeat",
            ])
        #expect(out["list"] as? String == "Personal")
        #expect(out["title"] as? String == "call the bank")
        #expect(out["date"] is NSNull)
        #expect((out["remindEvery"] as? NSNumber)?.intValue == 7200)
    }

    @Test func listsMayCarrySections() throws {
        let out = try object(
            QuickAddJSONLines.process(
                line: """
                    {"id":1,"text":"Home / kitchen fix tap","lists":[{"name":"Home","sections":["Kitchen"]}],"now":"2026-11-21T09:00:00","tz":"UTC"}
                    """))
        #expect(out["section"] as? String == "Kitchen")
        #expect(out["title"] as? String == "fix tap")
    }

    @Test(arguments: [
        ("2026-11-21T09:00:00", "America/New_York", "2026-11-21T14:00:00Z"),
        ("2026-11-21T09:00:00Z", "America/New_York", "2026-11-21T09:00:00Z"),
        ("2026-11-21T09:00:00-05:00", "UTC", "2026-11-21T14:00:00Z"),
        ("2026-11-21T09:00:00+0100", "UTC", "2026-11-21T08:00:00Z"),
        ("2026-07-01T09:00:00", "America/New_York", "2026-07-01T13:00:00Z"),
        ("2026-11-21T09:00:00.250", "UTC", "2026-11-21T09:00:00Z"),
    ])
    func nowIsLocalUnlessZoned(now: String, tz: String, instant: String) throws {
        let zone = try #require(TimeZone(identifier: tz))
        let date = try #require(QuickAddJSONLines.date(fromLocalOrISO: now, timeZone: zone))
        let expected = try #require(ISO8601DateFormatter().date(from: instant))
        #expect(abs(date.timeIntervalSince(expected)) < 1)
    }

    @Test(arguments: ["not json", "[1,2]", #"{"id":"x"}"#, #"{"id":"x","text":"a","now":"yesterday"}"#])
    func badLinesGiveAnError(line: String) throws {
        let out = try object(QuickAddJSONLines.process(line: line))
        #expect(out["error"] is String)
    }
}
