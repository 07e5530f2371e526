/// String escaping for `JSONWriter`.
///
/// Escaped: `"` and `\`, and every control character below U+0020 (as `\b \f \n \r \t`, else
/// `\u00XX`, so U+0000 becomes `\u0000`). Also escaped: U+2028 and U+2029 (as `\u2028`,
/// `\u2029`). They are legal raw in JSON but were line terminators in JavaScript string
/// literals before ES2019, so escaping them keeps our output safe to embed in a script; it
/// costs one byte comparison per `0xE2` lead byte. Everything else, including all other
/// non-ASCII text and `/`, passes through as UTF-8 unchanged (a `String` is always valid
/// UTF-8, so there is nothing to validate), copied in runs rather than byte by byte.
extension JSONWriter {
    mutating func appendQuoted(_ string: String) {
        // Native and small strings are contiguous; only bridged ones need the copying path.
        if string.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0) }) == nil {
            var copy = string
            copy.withUTF8 { appendQuoted(utf8: $0) }
        }
    }

    private mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
        appendByte(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                i += 1
                continue
            }
            if byte == 0xE2 {
                // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
                guard i + 2 < utf8.count, utf8[i + 1] == 0x80, utf8[i + 2] & 0xFE == 0xA8 else {
                    i += 1
                    continue
                }
                appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                appendASCII(utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                i += 3
                runStart = i
                continue
            }
            appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            appendEscape(for: byte)
            i += 1
            runStart = i
        }
        appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        appendByte(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): appendASCII("\\\"")
        case UInt8(ascii: "\\"): appendASCII("\\\\")
        case 0x08: appendASCII("\\b")
        case 0x0C: appendASCII("\\f")
        case 0x0A: appendASCII("\\n")
        case 0x0D: appendASCII("\\r")
        case 0x09: appendASCII("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            appendASCII("\\u00")
            appendByte(hex.utf8Start[Int(byte >> 4)])
            appendByte(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
