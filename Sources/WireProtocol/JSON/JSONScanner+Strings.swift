/// String literals: escapes, surrogate pairs and UTF-8 validation.
///
/// Why two paths: almost every string in a request has no escapes, so the scanner only
/// validates and then builds the `String` from the input slice in one call. A string with an
/// escape copies its unescaped runs and decoded escapes into `scratch` and builds from that.
extension JSONScanner {
    /// Parses the string whose opening quote is at `offset`; leaves `offset` after the closing quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let openingQuote = offset
        offset += 1
        var runStart = offset
        var hasEscapes = false
        while offset < input.count {
            let byte = input[offset]
            if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                offset += 1
            } else if byte == UInt8(ascii: "\"") {
                let string: String
                if hasEscapes {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<offset]))
                    string = String(decoding: scratch, as: UTF8.self)
                } else {
                    string = String(decoding: UnsafeBufferPointer(rebasing: input[runStart..<offset]), as: UTF8.self)
                }
                offset += 1
                return string
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    hasEscapes = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<offset]))
                try appendEscape()
                runStart = offset
            } else if byte < 0x20 {
                throw failure("unescaped control character in string")
            } else {
                try skipUTF8Sequence()
            }
        }
        throw failure("unterminated string", at: openingQuote)
    }

    /// Decodes the escape at `offset` (a backslash) into `scratch`.
    private mutating func appendEscape() throws(JSONParseError) {
        guard offset + 1 < input.count else { throw failure("unterminated string") }
        let decoded: UInt8
        switch input[offset + 1] {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            try appendUnicodeEscape()
            return
        default:
            throw failure("invalid escape sequence")
        }
        scratch.append(decoded)
        offset += 2
    }

    /// Decodes `\uXXXX`, or a `\uD8xx\uDCxx` surrogate pair, into UTF-8.
    ///
    /// Unpaired surrogates are rejected (see `JSONParser`): a `String` cannot hold them.
    private mutating func appendUnicodeEscape() throws(JSONParseError) {
        let escapeStart = offset
        let unit = try hexQuad(at: offset + 2)
        offset += 6
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            guard offset + 1 < input.count,
                input[offset] == UInt8(ascii: "\\"), input[offset + 1] == UInt8(ascii: "u")
            else { throw failure("unpaired surrogate in \\u escape", at: escapeStart) }
            let low = try hexQuad(at: offset + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("unpaired surrogate in \\u escape", at: escapeStart)
            }
            offset += 6
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw failure("unpaired surrogate in \\u escape", at: escapeStart)
        default:
            break
        }
        // Not a surrogate by construction, so the scalar always exists.
        let scalar = Unicode.Scalar(scalarValue)!
        scratch.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// The four hex digits at `position` (which follow a `\u`).
    private func hexQuad(at position: Int) throws(JSONParseError) -> UInt16 {
        guard position + 4 <= input.count else { throw failure("invalid \\u escape", at: position - 2) }
        var value: UInt16 = 0
        for i in position..<position + 4 {
            let byte = input[i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape", at: position - 2)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Checks the multi-byte UTF-8 sequence at `offset` against Unicode Table 3-7 (no overlongs,
    /// no surrogates, nothing above U+10FFFF) and steps over it.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = input[offset]
        var continuationCount = 2
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: break
        case 0xED: secondRange = 0x80...0x9F
        case 0xF0: continuationCount = 3; secondRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; secondRange = 0x80...0x8F
        default: throw failure("invalid UTF-8 in string")
        }
        guard offset + continuationCount < input.count,
            secondRange.contains(input[offset + 1])
        else { throw failure("invalid UTF-8 in string") }
        var i = 2
        while i <= continuationCount {
            guard input[offset + i] & 0xC0 == 0x80 else { throw failure("invalid UTF-8 in string") }
            i += 1
        }
        offset += continuationCount + 1
    }
}
