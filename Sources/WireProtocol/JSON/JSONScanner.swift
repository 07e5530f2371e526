/// The recursive-descent core of `JSONParser`: a cursor over one contiguous UTF-8 buffer.
///
/// Why raw bytes and an `Int` cursor: it is the cheapest loop Swift compiles (no `String`
/// index arithmetic, no per-character appends). The buffer is only valid inside the closure
/// that creates the scanner, so the scanner must never escape it; it is internal for that
/// reason. Strings and numbers live in `JSONScanner+Strings.swift` and `+Numbers.swift`.
struct JSONScanner {
    let input: UnsafeBufferPointer<UInt8>
    /// The byte being looked at.
    var offset = 0
    /// How many arrays/objects enclose the cursor.
    var depth = 0
    /// Reused for strings that contain escapes, so they cost one buffer per document.
    var scratch: [UInt8] = []

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    /// Parses one value and requires that only whitespace follows it.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard offset == input.count else {
            throw failure("unexpected data after the JSON value")
        }
        return value
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard offset < input.count else { throw failure("unexpected end of input") }
        switch input[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw unexpectedByte()
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        skipWhitespace()
        if offset < input.count, input[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(JSONObject())
        }
        var builder = JSONObjectBuilder()
        while true {
            guard offset < input.count else { throw failure("unexpected end of input") }
            guard input[offset] == UInt8(ascii: "\"") else {
                if input[offset] == UInt8(ascii: "}") { throw failure("trailing comma is not allowed") }
                if input[offset] == UInt8(ascii: "'") { throw failure("strings must use double quotes") }
                throw failure("expected a string key")
            }
            let keyOffset = offset
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "expected ':'")
            let value = try parseValue()
            guard builder.append(key, value) else {
                throw failure("duplicate key", at: keyOffset)
            }
            skipWhitespace()
            guard offset < input.count else { throw failure("unexpected end of input") }
            switch input[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                return .object(builder.build())
            default:
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if offset < input.count, input[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < input.count else { throw failure("unexpected end of input") }
            switch input[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                if offset < input.count, input[offset] == UInt8(ascii: "]") {
                    throw failure("trailing comma is not allowed")
                }
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default:
                throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        guard depth < JSONParser.maxDepth else {
            throw failure("nesting is deeper than \(JSONParser.maxDepth) levels")
        }
        depth += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard input.count - offset >= count else { throw failure("invalid literal, expected '\(literal)'") }
        for i in 0..<count where input[offset + i] != start[i] {
            throw failure("invalid literal, expected '\(literal)'")
        }
        offset += count
    }

    /// Consumes `byte` or fails with `reason` (or "unexpected end of input").
    mutating func expect(_ byte: UInt8, _ reason: String) throws(JSONParseError) {
        guard offset < input.count else { throw failure("unexpected end of input") }
        guard input[offset] == byte else { throw failure(reason) }
        offset += 1
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while offset < input.count {
            switch input[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    func failure(_ reason: String, at position: Int? = nil) -> JSONParseError {
        JSONParseError(offset: position ?? offset, reason: reason)
    }

    /// A specific message for the usual non-JSON habits, a generic one otherwise.
    private func unexpectedByte() -> JSONParseError {
        let byte = input[offset]
        switch byte {
        case UInt8(ascii: "'"): return failure("strings must use double quotes")
        case UInt8(ascii: "/"), UInt8(ascii: "#"): return failure("comments are not allowed")
        case UInt8(ascii: "N"), UInt8(ascii: "I"): return failure("NaN and Infinity are not allowed")
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","): return failure("expected a value")
        case 0x21...0x7E: return failure("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        default: return failure("unexpected byte 0x\(String(byte, radix: 16, uppercase: true))")
        }
    }
}
