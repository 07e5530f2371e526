import Foundation

/// RFC 5545 text rules: escaping TEXT values, dates and times in their three forms, and
/// content lines ended by CRLF and folded at 75 octets.
///
/// Why by hand: the rules are short and exact, and no calendar library is among the chosen
/// dependencies; the tests check the output with two independent parsers and check CRLF
/// and line length themselves, which neither parser does.
enum ICalendarText {
    static let maximumLineOctets = 75

    /// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default:
                // Other control characters are not allowed in TEXT; a tab is.
                if scalar.value < 0x20, scalar != "\t" { continue }
                if scalar.value == 0x7f { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line, folded: at most 75 octets per physical line, continuation lines
    /// starting with a space, never splitting a UTF-8 sequence; ended by CRLF.
    static func folded(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > maximumLineOctets else { return line + "\r\n" }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var start = 0
        var limit = maximumLineOctets
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Back off to a character boundary: continuation bytes are 0b10xxxxxx.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.append(0x20) }
            out += bytes[start..<end]
            out += [0x0D, 0x0A]
            start = end
            limit = maximumLineOctets - 1  // the leading space counts
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `20270312T090000Z`: a UTC date-time.
    static func utc(_ instant: Timestamp) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date(instant))
        return stamp(parts)
    }

    /// `20270312`: a DATE value.
    static func date(_ day: CivilDate) -> String {
        pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2)
    }

    /// `20270312T090000`: the local wall-clock time of an instant in a zone (for a `TZID=` value).
    static func local(_ instant: Timestamp, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return String(
            stamp(calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date(instant)))
                .dropLast())
    }

    /// `+0100`, `-0430`: a UTC offset.
    static func offset(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + pad(minutes / 60, 2) + pad(minutes % 60, 2)
    }

    static func date(_ instant: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func stamp(_ parts: DateComponents) -> String {
        pad(parts.year ?? 1970, 4) + pad(parts.month ?? 1, 2) + pad(parts.day ?? 1, 2) + "T"
            + pad(parts.hour ?? 0, 2) + pad(parts.minute ?? 0, 2) + pad(parts.second ?? 0, 2) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
