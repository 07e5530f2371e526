/// Number literals.
///
/// Why a hand-written integer path: almost every number in a request is a small integer, so
/// digits accumulate into a `UInt64` with overflow checks and never become a `String`. Anything
/// else (fraction, exponent, beyond `Int64`) is validated against the RFC grammar here and then
/// converted by the standard library's correctly rounded `Double(_:)`, which handles a 64 KiB
/// literal in well under a millisecond.
extension JSONScanner {
    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = offset
        let isNegative = input[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        guard offset < input.count, isDigit(input[offset]) else {
            if offset < input.count, input[offset] == UInt8(ascii: "I") {
                throw failure("NaN and Infinity are not allowed")
            }
            throw failure("expected a digit")
        }

        var magnitude: UInt64 = 0
        var overflowed = false
        if input[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < input.count, isDigit(input[offset]) {
                throw failure("leading zeros are not allowed", at: offset - 1)
            }
        } else {
            while offset < input.count, isDigit(input[offset]) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(input[offset] &- UInt8(ascii: "0")))
                if o1 || o2 { overflowed = true } else { magnitude = sum }
                offset += 1
            }
        }

        var isIntegerLiteral = true
        if offset < input.count, input[offset] == UInt8(ascii: ".") {
            isIntegerLiteral = false
            offset += 1
            try skipDigits("expected a digit after '.'")
        }
        if offset < input.count, input[offset] | 0x20 == UInt8(ascii: "e") {
            isIntegerLiteral = false
            offset += 1
            if offset < input.count, input[offset] == UInt8(ascii: "+") || input[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            try skipDigits("expected a digit in the exponent")
        }

        if isIntegerLiteral, !overflowed, magnitude != 0 || !isNegative {
            if !isNegative, magnitude <= UInt64(Int64.max) {
                return JSONNumber(Int64(magnitude))
            }
            if isNegative, magnitude <= Int64.min.magnitude {
                return JSONNumber(Int64(truncatingIfNeeded: 0 &- magnitude))
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("number is out of range", at: start)
        }
        return JSONNumber(parsed: value, isIntegerLiteral: isIntegerLiteral)
    }

    /// Steps over one or more digits, failing with `reason` if there is none.
    private mutating func skipDigits(_ reason: String) throws(JSONParseError) {
        guard offset < input.count, isDigit(input[offset]) else { throw failure(reason) }
        repeat { offset += 1 } while offset < input.count && isDigit(input[offset])
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
