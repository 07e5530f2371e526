/// Number formatting for `JSONWriter`.
///
/// Integers are formatted digit by digit into a stack buffer (no `String`). Doubles print as
/// integers when integral (`3`, not `3.0`, so clients that expect an integer get one), and
/// otherwise in the standard library's shortest round-trip form (`1.5`, `0.1`, `1e-07`),
/// which is always valid JSON. `-0.0` prints as `-0`, which parses back to `-0.0`.
/// NaN and ±infinity have no JSON form and print as `null`: a computed NaN must not crash
/// the server or produce a message clients cannot parse.
extension JSONWriter {
    public mutating func int(_ i: Int) {
        separate()
        appendInteger(Int64(i))
        needsComma = true
    }

    public mutating func int64(_ i: Int64) {
        separate()
        appendInteger(i)
        needsComma = true
    }

    public mutating func double(_ d: Double) {
        separate()
        appendDouble(d)
        needsComma = true
    }

    mutating func appendInteger(_ value: Int64) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            appendBytes(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    mutating func appendDouble(_ value: Double) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        // Below 2^53 every integral double is an exact Int64, and the digits are exact.
        if value.magnitude < 9_007_199_254_740_992, let integer = JSONNumber.exactInt64(value) {
            if integer == 0, value.sign == .minus {
                appendASCII("-0")
            } else {
                appendInteger(integer)
            }
            return
        }
        var text = value.description
        // Integral doubles at or above 2^53 may print as "9007199254740992.0".
        if text.utf8.last == UInt8(ascii: "0"), text.utf8.dropLast().last == UInt8(ascii: ".") {
            text.removeLast(2)
        }
        appendBytes(text.utf8)
    }
}
