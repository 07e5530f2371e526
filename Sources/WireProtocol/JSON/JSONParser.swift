/// Strict RFC 8259 parsing of one JSON document.
///
/// Why strict: requests come from clients we do not control, and every leniency (comments,
/// trailing commas, NaN, duplicate keys) is a place where two parsers could disagree about
/// what a message means. Everything RFC 8259 does not allow is rejected, with the byte offset:
///
/// - trailing commas, comments, single quotes, leading zeros, `NaN`/`Infinity`, a byte-order
///   mark, and anything but whitespace after the value;
/// - unescaped control characters (< U+0020), unknown escapes, and invalid UTF-8 in strings
///   (the transport validates UTF-8 already; this is defence in depth);
/// - `\u` escapes that are unpaired surrogates (`"\uD800"` alone, or `"\uDC00"` first),
///   because they cannot be represented in a Swift `String` and would otherwise be replaced
///   by U+FFFD, silently changing the text;
/// - numbers that overflow `Double` (`1e400`), since they cannot be represented or re-encoded;
/// - duplicate keys in an object;
/// - nesting deeper than `maxDepth`, so hostile input cannot exhaust the stack of the
///   recursive descent.
///
/// For example:
///
/// ```swift
/// let value = try JSONParser.parse(#"{"type":"op","remindEvery":1800}"#)
/// ```
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted; `[[…]]` with 64 levels parses,
    /// 65 levels is an error. Checkwire messages nest two or three levels.
    public static var maxDepth: Int { 64 }

    /// Parses a complete JSON document from UTF-8 bytes.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice`, `UnsafeRawBufferPointer`, …) are read
    /// in place; others are copied once.
    ///
    /// - Throws: `JSONParseError` with the offset of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        if let result = bytes.withContiguousStorageIfAvailable(parse(buffer:)) {
            return try result.get()
        }
        return try Array(bytes).withUnsafeBufferPointer(parse(buffer:)).get()
    }

    /// Parses a complete JSON document from a string (its UTF-8 form).
    public static func parse(_ string: String) throws(JSONParseError) -> JSONValue {
        var string = string
        return try string.withUTF8(parse(buffer:)).get()
    }

    /// `Result` rather than `throws` because the `withContiguousStorage…` closures only
    /// rethrow untyped errors.
    private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
        var scanner = JSONScanner(buffer)
        do {
            return .success(try scanner.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}
