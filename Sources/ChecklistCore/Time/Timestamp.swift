/// An instant, in milliseconds since the Unix epoch (UTC).
///
/// The core never reads a clock: callers pass the time in, so rules stay deterministic and
/// testable. Formatting is RFC 3339 in UTC, the form the wire contract requires.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// RFC 3339 in UTC: `2026-11-21T14:00:00Z`, with `.SSS` only when the milliseconds are not zero.
    public var description: String { rfc3339 }

    public var rfc3339: String {
        String(unsafeUninitializedCapacity: Self.maximumRFC3339Length) { formatRFC3339(into: $0) }
    }

    /// The longest text `formatRFC3339` writes (a six-digit year with a sign and milliseconds).
    public static let maximumRFC3339Length = 32

    /// Writes the RFC 3339 text into `buffer` (at least `maximumRFC3339Length` bytes) and
    /// returns its length. Why bytes: every event carries several timestamps, and building
    /// each one from small strings was a tenth of the store thread's time per edit.
    public func formatRFC3339(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (days, msOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let date = CivilDate(daysSinceEpoch: Int(days))
        var count = 0
        func put(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        var year = date.year
        if year < 0 {
            put(UInt8(ascii: "-"))
            year = -year
        }
        digits(min(year, 999_999), year > 9999 ? 6 : 4)
        put(UInt8(ascii: "-"))
        digits(date.month, 2)
        put(UInt8(ascii: "-"))
        digits(date.day, 2)
        put(UInt8(ascii: "T"))
        let seconds = Int(msOfDay / 1000)
        digits(seconds / 3600, 2)
        put(UInt8(ascii: ":"))
        digits(seconds / 60 % 60, 2)
        put(UInt8(ascii: ":"))
        digits(seconds % 60, 2)
        let millis = Int(msOfDay % 1000)
        if millis != 0 {
            put(UInt8(ascii: "."))
            digits(millis, 3)
        }
        put(UInt8(ascii: "Z"))
        return count
    }

    /// Parses an RFC 3339 date-time (`2026-11-21T14:00:00Z`, `…T14:00:00.5+02:00`);
    /// `nil` when the text is not one. Fractions beyond milliseconds are truncated.
    /// A leap second (`…:60`) is refused: a due comes back as it was given, and this type
    /// cannot give `:60` back (it used to be stored silently as `:59`).
    public init?(rfc3339 text: String) {
        var scanner = DigitScanner(text)
        guard let date = scanner.civilDate(), scanner.consume(oneOf: "Tt"),
            let hour = scanner.digits(2), scanner.consume(":"),
            let minute = scanner.digits(2), scanner.consume(":"),
            let second = scanner.digits(2),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var millis = 0
        if scanner.consume(".") {
            var count = 0
            while let digit = scanner.digits(1) {
                if count < 3 { millis = millis * 10 + digit }
                count += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { millis *= 10 }
        }
        var offsetMinutes = 0
        if scanner.consume(oneOf: "Zz") {
            offsetMinutes = 0
        } else if let sign = scanner.sign(), let oh = scanner.digits(2), scanner.consume(":"),
            let om = scanner.digits(2),
            oh < 24, om < 60
        {
            offsetMinutes = sign * (oh * 60 + om)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let secondsOfDay = hour * 3600 + minute * 60 + second - offsetMinutes * 60
        milliseconds = Int64(date.daysSinceEpoch) * 86_400_000 + Int64(secondsOfDay) * 1000 + Int64(millis)
    }
}

func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
}

extension Int64 {
    /// Division rounding towards negative infinity, with a non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
