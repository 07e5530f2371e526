import Testing
import WireProtocol

@Suite struct JSONNumberTests {
    /// (literal, int64, double, isIntegerLiteral)
    @Test(
        arguments: [
            ("0", 0, 0, true),
            ("1800", 1800, 1800, true),
            ("-42", -42, -42, true),
            ("9223372036854775807", Int64.max, 9.223372036854775807e18, true),
            ("-9223372036854775808", Int64.min, -9.223372036854775808e18, true),
            // Out of Int64 range: a Double, with no exact integer.
            ("9223372036854775808", nil, 9.223372036854775808e18, true),
            ("-9223372036854775809", nil, -9.223372036854775809e18, true),
            ("123456789012345678901234567890", nil, 1.2345678901234568e29, true),
            // Integral values written as doubles still read as integers (documented in `int64`).
            ("1800.0", 1800, 1800, false),
            ("1.8e3", 1800, 1800, false),
            ("1e3", 1000, 1000, false),
            ("1E+2", 100, 100, false),
            ("-0", 0, -0.0, true),
            ("-0.0", 0, -0.0, false),
            ("9007199254740991.0", 9_007_199_254_740_991, 9_007_199_254_740_991, false),
            // From 2^53 a double literal may already be rounded, so no exact integer.
            ("9007199254740992.0", nil, 9_007_199_254_740_992, false),
            ("9007199254740993.0", nil, 9_007_199_254_740_992, false),
            ("1e19", nil, 1e19, false),
            // Fractions.
            ("1.5", nil, 1.5, false),
            ("-0.25", nil, -0.25, false),
            ("2.5e-3", nil, 0.0025, false),
            ("1e-400", 0, 0, false),  // underflow rounds to zero, which is in range
            ("5e-324", nil, .leastNonzeroMagnitude, false),
            ("1.7976931348623157e308", nil, 1.7976931348623157e308, false),
        ] as [(String, Int64?, Double, Bool)])
    func parsesNumbers(literal: String, int64: Int64?, double: Double, isIntegerLiteral: Bool) throws {
        let number = try #require(try JSONParser.parse(literal).numberValue)
        #expect(number.int64 == int64)
        #expect(number.double == double)
        #expect(number.double.sign == double.sign)
        #expect(number.isIntegerLiteral == isIntegerLiteral)
    }

    @Test func remindEveryReadsAsAnInteger() throws {
        let request = try JSONParser.parse(#"{"remindEvery": 1800}"#)
        #expect(request["remindEvery"]?.intValue == 1800)
    }

    @Test(
        arguments: [
            (JSONNumber(1800), JSONNumber(1800.0), true),
            (JSONNumber(1), JSONNumber(1.5), false),
            (JSONNumber(0), JSONNumber(-0.0), true),
            (JSONNumber(Int64.max), JSONNumber(9.223372036854775807e18), false),  // the double is 2^63
            (JSONNumber(1 << 60), JSONNumber(Double(1 << 60)), true),
            (JSONNumber((1 << 60) + 1), JSONNumber(Double(1 << 60)), false),
        ] as [(JSONNumber, JSONNumber, Bool)])
    func equalityIsByExactValue(lhs: JSONNumber, rhs: JSONNumber, equal: Bool) {
        #expect((lhs == rhs) == equal)
        #expect((rhs == lhs) == equal)
    }

    @Test func veryLongLiteralsAreFast() throws {
        let digits = String(repeating: "7", count: 60_000)
        let clock = ContinuousClock()
        let start = clock.now
        let zeros = String(repeating: "0", count: 60_000)
        #expect(try JSONParser.parse("1" + zeros + "e-60000").numberValue?.int64 == 1)
        #expect(try JSONParser.parse("-" + digits.prefix(300)).numberValue?.double == -7.777777777777778e299)
        #expect(try JSONParser.parse("0." + digits).numberValue?.double == 0.7777777777777778)
        #expect(try JSONParser.parse("1e" + digits.prefix(2)).numberValue?.double == 1e77)
        #expect(throws: JSONParseError(offset: 0, reason: "number is out of range")) {
            try JSONParser.parse(digits)
        }
        // Generous even for a debug build; the release cost is about 0.1 ms per literal.
        #expect(clock.now - start < .milliseconds(500))
    }
}
