public import ChecklistCore
public import Foundation

/// The JSON Lines form of the parser, as used by the corpus scorer and `checkwire parse`.
///
/// Each input line is `{"id", "text", "lists", "now", "tz"}`: `lists` holds names (or objects
/// `{"name", "sections"}`), `now` is a local time in `tz` (`2026-11-21T09:00:00`) or an instant
/// with `Z` or an offset, and `tz` an IANA zone name (UTC when missing). Each output line is
/// `{"id", "list", "section", "title", "date", "time", "location", "remindEvery", "repeat"}` with `null`
/// for absent values; a line that cannot be read gives `{"id", "error"}`.
public enum QuickAddJSONLines {
    /// Parses one input line and returns one output line (without the newline).
    public static func process(line: String, parser: QuickAddParser = QuickAddParser()) -> String {
        let object: [String: Any]
        var id: Any = NSNull()
        do {
            guard let data = line.data(using: .utf8),
                  let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                return encode(["id": id, "error": "not a JSON object"])
            }
            object = parsed
        } catch {
            return encode(["id": id, "error": "bad JSON"])
        }
        id = object["id"] ?? NSNull()
        guard let text = object["text"] as? String else { return encode(["id": id, "error": "missing text"]) }
        let timeZone = (object["tz"] as? String).flatMap { TimeZone(identifier: $0) } ?? TimeZone(identifier: "UTC")!
        let now: Date
        if let nowText = object["now"] as? String {
            guard let parsed = date(fromLocalOrISO: nowText, timeZone: timeZone) else {
                return encode(["id": id, "error": "bad now"])
            }
            now = parsed
        } else if let seconds = object["now"] as? Double {
            now = Date(timeIntervalSince1970: seconds)
        } else {
            return encode(["id": id, "error": "missing now"])
        }
        let result = parser.parse(text, lists: lists(object["lists"]), now: now, timeZone: timeZone)
        return encode(output(result, id: id))
    }

    /// The output object of one result.
    public static func output(_ r: QuickAddResult, id: Any) -> [String: Any] {
        [
            "id": id,
            "list": r.list ?? NSNull(),
            "section": r.section ?? NSNull(),
            "title": r.title,
            "date": r.date?.description ?? NSNull(),
            "time": r.time?.description ?? NSNull(),
            "location": r.location ?? NSNull(),
            "remindEvery": r.remindEvery ?? NSNull(),
            "repeat": r.repeatRule?.rrule ?? NSNull(),
        ] as [String: Any]
    }

    static func lists(_ value: Any?) -> [QuickAddList] {
        guard let array = value as? [Any] else { return [] }
        return array.compactMap { item in
            if let name = item as? String { return QuickAddList(name: name) }
            if let object = item as? [String: Any], let name = object["name"] as? String {
                return QuickAddList(name: name, sections: object["sections"] as? [String] ?? [])
            }
            return nil
        }
    }

    /// `YYYY-MM-DDTHH:MM[:SS[.fff]]` as a local time in `timeZone`, or with a trailing `Z` or
    /// `±HH[:]MM` as an instant.
    public static func date(fromLocalOrISO text: String, timeZone: TimeZone) -> Date? {
        let u = Array(text.utf8)
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= u.count else { return nil }
            var v = 0
            for i in at..<(at + n) {
                guard u[i] >= 48, u[i] <= 57 else { return nil }
                v = v * 10 + Int(u[i] - 48)
            }
            return v
        }
        guard let y = digits(0, 4), u.count >= 10, u[4] == 45, let mo = digits(5, 2), u[7] == 45,
              let d = digits(8, 2), QuickAddDate(validYear: y, month: mo, day: d) != nil else { return nil }
        var h = 0, mi = 0, s = 0.0
        var i = 10
        if i < u.count, u[i] == 84 || u[i] == 32 {  // T or space
            guard let hh = digits(i + 1, 2), i + 3 < u.count, u[i + 3] == 58, let mm = digits(i + 4, 2) else { return nil }
            h = hh
            mi = mm
            i += 6
            if i < u.count, u[i] == 58 {
                guard let ss = digits(i + 1, 2) else { return nil }
                s = Double(ss)
                i += 3
                if i < u.count, u[i] == 46 {
                    i += 1
                    var scale = 0.1
                    while i < u.count, u[i] >= 48, u[i] <= 57 {
                        s += Double(u[i] - 48) * scale
                        scale /= 10
                        i += 1
                    }
                }
            }
        }
        let local = Double(QuickAddDate(year: y, month: mo, day: d).dayNumber * 86_400 + h * 3600 + mi * 60) + s
        if i == u.count {
            // Local time: find the offset in force at that local time.
            var guess = Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))))
            guess = Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: guess)))
            return guess
        }
        if u[i] == 90 || u[i] == 122, i + 1 == u.count { return Date(timeIntervalSince1970: local) }  // Z
        guard u[i] == 43 || u[i] == 45, let oh = digits(i + 1, 2) else { return nil }
        var om = 0
        if let m = digits(i + 3, 2), i + 5 == u.count { om = m }
        else if i + 4 < u.count, u[i + 3] == 58, let m = digits(i + 4, 2), i + 6 == u.count { om = m }
        else if i + 3 != u.count { return nil }
        let offset = Double(oh * 3600 + om * 60) * (u[i] == 45 ? -1 : 1)
        return Date(timeIntervalSince1970: local - offset)
    }

    static func encode(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else { return "{\"error\":\"encoding\"}" }
        return text
    }
}
