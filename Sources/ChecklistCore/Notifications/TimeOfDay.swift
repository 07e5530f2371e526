/// A time on the wall clock ("07:30"), in minutes after midnight: when a digest goes, where
/// quiet hours begin and end. Read in the user's zone; the instant it names on a day comes
/// from `LocalClock`.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 0 ... 1439.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// `"HH:MM"`, 24-hour, two digits each ("07:30", "22:00"); anything else is `nil`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
        guard let h1 = digit(bytes[0]), let h2 = digit(bytes[1]), let m1 = digit(bytes[3]), let m2 = digit(bytes[4]),
            h1 * 10 + h2 < 24, m1 * 10 + m2 < 60
        else { return nil }
        self.init(minutes: (h1 * 10 + h2) * 60 + m1 * 10 + m2)
    }

    public var description: String { twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60) }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}
