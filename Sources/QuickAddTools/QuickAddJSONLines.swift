public import ChecklistCore
public import Foundation

/// The JSON Lines form of the parser, as used by the corpus scorer and `checkwire parse`.
///
/// Each input line is `{"id", "text", "lists", "now", "tz"}`: `lists` holds names (or objects
/// `{"name", "sections"}`), `now` is a local time in `tz` (`2026-11-21T09:00:00`) or an instant
/// with `Z` or an offset, and `tz` an IANA zone name (UTC when missing). Each output line is
/// `{"id", "list", "section", "title", "date", "time", "location", "remindEvery", "remindBefore",
/// "repeat"}` with `null`
/// for absent values; a line that cannot be read gives `{"id", "error"}`.
public enum QuickAddJSONLines {
    /// Parses one input line and returns one output line (without the newline).
    public static func process(line: String, parser: QuickAddParser = QuickAddParser()) -> String {
        let input: Input
        do {
            input = try JSONDecoder().decode(Input.self, from: Data(line.utf8))
        } catch DecodingError.typeMismatch {
            return encode(Failure(id: nil, error: "not a JSON object"))
        } catch {
            return encode(Failure(id: nil, error: "bad JSON"))
        }
        guard let text = input.text else { return encode(Failure(id: input.id, error: "missing text")) }
        let timeZone = input.tz.flatMap { TimeZone(identifier: $0) } ?? TimeZone(identifier: "UTC")!
        let now: Date
        switch input.now {
        case .text(let nowText)?:
            guard let parsed = date(fromLocalOrISO: nowText, timeZone: timeZone) else {
                return encode(Failure(id: input.id, error: "bad now"))
            }
            now = parsed
        case .seconds(let seconds)?:
            now = Date(timeIntervalSince1970: seconds)
        case nil:
            return encode(Failure(id: input.id, error: "missing now"))
        }
        let lists = (input.lists ?? []).map { QuickAddList(name: $0.name, sections: $0.sections) }
        return encode(Output(parser.parse(text, lists: lists, now: now, timeZone: timeZone), id: input.id))
    }

    /// The text and lists of an input line, or nil when it has no text (`checkwire parse
    /// --benchmark` reads a corpus with this).
    public static func textAndLists(of line: String) -> (text: String, lists: [QuickAddList])? {
        guard let input = try? JSONDecoder().decode(Input.self, from: Data(line.utf8)), let text = input.text else {
            return nil
        }
        return (text, (input.lists ?? []).map { QuickAddList(name: $0.name, sections: $0.sections) })
    }

    /// An input line. `id` is echoed as it came (a string or a number).
    struct Input: Decodable {
        var id: LineID?
        var text: String?
        var lists: [ListName]?
        var now: Now?
        var tz: String?
    }

    /// A line's `id`, echoed back unchanged.
    enum LineID: Codable {
        case text(String)
        case integer(Int)
        case number(Double)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .text(text)
            } else if let integer = try? value.decode(Int.self) {
                self = .integer(integer)
            } else {
                self = .number(try value.decode(Double.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var value = encoder.singleValueContainer()
            switch self {
            case .text(let text): try value.encode(text)
            case .integer(let integer): try value.encode(integer)
            case .number(let number): try value.encode(number)
            }
        }
    }

    /// A list the text may name: its name alone, or `{"name", "sections"}`.
    struct ListName: Decodable {
        var name: String
        /// Nil when the line does not say (the section is then taken as written).
        var sections: [String]?

        init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                self.name = name
                sections = nil
                return
            }
            let object = try decoder.container(keyedBy: CodingKeys.self)
            name = try object.decode(String.self, forKey: .name)
            sections = try object.decodeIfPresent([String].self, forKey: .sections)
        }

        private enum CodingKeys: String, CodingKey { case name, sections }
    }

    /// `now`: a local or zoned time as text, or seconds since 1970.
    enum Now: Decodable {
        case text(String)
        case seconds(Double)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .text(text)
            } else {
                self = .seconds(try value.decode(Double.self))
            }
        }
    }

    /// One result line: every key present, `null` for what the text did not say.
    struct Output: Encodable {
        var id: LineID?
        var list: String?
        var section: String?
        var title: String
        var date: String?
        var time: String?
        var location: String?
        var remindEvery: Int?
        var remindBefore: Int?
        var repeatRule: String?

        init(_ result: QuickAddResult, id: LineID?) {
            self.id = id
            list = result.list
            section = result.section
            title = result.title
            date = result.date?.description
            time = result.time?.description
            location = result.location
            remindEvery = result.remindEvery
            remindBefore = result.remindBefore
            repeatRule = result.repeatRule?.rrule
        }

        private enum CodingKeys: String, CodingKey {
            case id, list, section, title, date, time, location, remindEvery, remindBefore
            case repeatRule = "repeat"
        }

        // Written out so that absent values are `null`, not missing keys (the scorer reads both
        // the same, but the format promises every key).
        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(id, forKey: .id)
            try object.encode(list, forKey: .list)
            try object.encode(section, forKey: .section)
            try object.encode(title, forKey: .title)
            try object.encode(date, forKey: .date)
            try object.encode(time, forKey: .time)
            try object.encode(location, forKey: .location)
            try object.encode(remindEvery, forKey: .remindEvery)
            try object.encode(remindBefore, forKey: .remindBefore)
            try object.encode(repeatRule, forKey: .repeatRule)
        }
    }

    /// A line that could not be read: `{"id", "error"}`.
    struct Failure: Encodable {
        var id: LineID?
        var error: String

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(id, forKey: .id)
            try object.encode(error, forKey: .error)
        }

        private enum CodingKeys: String, CodingKey { case id, error }
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
            let d = digits(8, 2), QuickAddDate(validYear: y, month: mo, day: d) != nil
        else { return nil }
        var h = 0, mi = 0, s = 0.0
        var i = 10
        if i < u.count, u[i] == 84 || u[i] == 32 {  // T or space
            guard let hh = digits(i + 1, 2), i + 3 < u.count, u[i + 3] == 58, let mm = digits(i + 4, 2) else {
                return nil
            }
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
            var guess = Date(
                timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))))
            guess = Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: guess)))
            return guess
        }
        if u[i] == 90 || u[i] == 122, i + 1 == u.count { return Date(timeIntervalSince1970: local) }  // Z
        guard u[i] == 43 || u[i] == 45, let oh = digits(i + 1, 2) else { return nil }
        var om = 0
        if let m = digits(i + 3, 2), i + 5 == u.count {
            om = m
        } else if i + 4 < u.count, u[i + 3] == 58, let m = digits(i + 4, 2), i + 6 == u.count {
            om = m
        } else if i + 3 != u.count {
            return nil
        }
        let offset = Double(oh * 3600 + om * 60) * (u[i] == 45 ? -1 : 1)
        return Date(timeIntervalSince1970: local - offset)
    }

    static func encode(_ line: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(line) else { return "{\"error\":\"encoding\"}" }
        return String(decoding: data, as: UTF8.self)
    }
}
