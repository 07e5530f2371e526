import Testing
import WireProtocol

@Suite struct JSONParserTests {
    @Test(
        arguments: [
            ("null", .null),
            (" \t\r\n true \n", true),
            ("false", false),
            ("0", 0),
            ("-12", -12),
            (#""""#, ""),
            (#""héllo""#, "héllo"),
            ("[]", []),
            ("{}", [:]),
            ("[1, [2, []], {}]", [1, [2, []], [:]]),
            (#"{"a":null,"b":[true,false],"c":{"d":"e"}}"#, ["a": nil, "b": [true, false], "c": ["d": "e"]]),
            (#"{ "type" : "op" , "n" : 1.5 }"#, ["type": "op", "n": 1.5]),
        ] as [(String, JSONValue)])
    func parsesValidDocuments(input: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(input) == expected)
        #expect(try JSONParser.parse(Array(input.utf8)) == expected)
    }

    @Test(
        arguments: [
            // Structure.
            ("", 0, "unexpected end of input"),
            ("   ", 3, "unexpected end of input"),
            ("[1,]", 3, "trailing comma is not allowed"),
            (#"{"a":1,}"#, 7, "trailing comma is not allowed"),
            ("[1 2]", 3, "expected ',' or ']'"),
            (#"{"a":1 "b":2}"#, 7, "expected ',' or '}'"),
            (#"{"a" 1}"#, 5, "expected ':'"),
            ("{a:1}", 1, "expected a string key"),
            ("[", 1, "unexpected end of input"),
            (#"{"a":"#, 5, "unexpected end of input"),
            ("[,1]", 1, "expected a value"),
            ("1 2", 2, "unexpected data after the JSON value"),
            ("{} x", 3, "unexpected data after the JSON value"),
            ("\u{FEFF}1", 0, "unexpected byte 0xEF"),
            // Non-JSON habits.
            ("// c\n1", 0, "comments are not allowed"),
            ("[1,/* c */2]", 3, "comments are not allowed"),
            ("'a'", 0, "strings must use double quotes"),
            ("{'a':1}", 1, "strings must use double quotes"),
            ("NaN", 0, "NaN and Infinity are not allowed"),
            ("-Infinity", 1, "NaN and Infinity are not allowed"),
            ("nul", 0, "invalid literal, expected 'null'"),
            ("True", 0, "unexpected character 'T'"),
            // Numbers.
            ("01", 0, "leading zeros are not allowed"),
            ("-007", 1, "leading zeros are not allowed"),
            ("1.", 2, "expected a digit after '.'"),
            (".5", 0, "unexpected character '.'"),
            ("+1", 0, "unexpected character '+'"),
            ("-", 1, "expected a digit"),
            ("1e", 2, "expected a digit in the exponent"),
            ("1e+", 3, "expected a digit in the exponent"),
            ("0x10", 1, "unexpected data after the JSON value"),
            ("1e400", 0, "number is out of range"),
            ("[-1e999]", 1, "number is out of range"),
            // Strings.
            (#""abc"#, 0, "unterminated string"),
            ("\"a\u{1}b\"", 2, "unescaped control character in string"),
            ("\"a\nb\"", 2, "unescaped control character in string"),
            (#""\x""#, 1, "invalid escape sequence"),
            (#""\'""#, 1, "invalid escape sequence"),
            (#""\u12G4""#, 1, #"invalid \u escape"#),
            (#""\u12""#, 1, #"invalid \u escape"#),
            (#""\uD800""#, 1, #"unpaired surrogate in \u escape"#),
            (#""\uD800x""#, 1, #"unpaired surrogate in \u escape"#),
            (#""\uD800\u0041""#, 1, #"unpaired surrogate in \u escape"#),
            (#""\uDC00\uD800""#, 1, #"unpaired surrogate in \u escape"#),
            // Duplicates.
            (#"{"a":1,"b":2,"a":3}"#, 13, "duplicate key"),
            (#"{"a":1,"\u0061":2}"#, 7, "duplicate key"),
        ] as [(String, Int, String)])
    func rejectsInvalidDocuments(input: String, offset: Int, reason: String) {
        #expect(throws: JSONParseError(offset: offset, reason: reason)) {
            try JSONParser.parse(input)
        }
    }

    @Test(
        arguments: [
            ([0x22, 0xFF, 0x22], 1),  // never valid in UTF-8
            ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong "/"
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong, 3 bytes
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // UTF-8-encoded surrogate U+D800
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
            ([0x22, 0x61, 0xC3, 0x22], 2),  // truncated sequence
            ([0x22, 0xE2, 0x82, 0x41, 0x22], 1),  // bad continuation byte
            ([0x22, 0x80, 0x22], 1),  // lone continuation byte
        ] as [([UInt8], Int)])
    func rejectsInvalidUTF8InStrings(input: [UInt8], offset: Int) {
        #expect(throws: JSONParseError(offset: offset, reason: "invalid UTF-8 in string")) {
            try JSONParser.parse(input)
        }
    }

    @Test func errorDescriptionNamesByteAndReason() {
        let error = JSONParseError(offset: 17, reason: "expected ',' or '}'")
        #expect(error.description == "invalid JSON at byte 17: expected ',' or '}'")
    }

    @Test func acceptsNestingUpToMaxDepth() throws {
        let depth = JSONParser.maxDepth
        let document = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(document)
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            value = elements.first ?? .null
        }
        #expect(levels == depth)
    }

    @Test(arguments: ["[", "{\"a\":"])
    func rejectsNestingBeyondMaxDepth(opener: String) {
        let document = String(repeating: opener, count: JSONParser.maxDepth + 1)
        let offset = opener.utf8.count * JSONParser.maxDepth
        #expect(throws: JSONParseError(offset: offset, reason: "nesting is deeper than 64 levels")) {
            try JSONParser.parse(document)
        }
    }

    @Test func rejectsHostileDeepNestingQuickly() {
        let document = [UInt8](repeating: UInt8(ascii: "["), count: 64 * 1024)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(document) }
    }

    @Test func parsesFromSlicesAndNonContiguousCollections() throws {
        let bytes = Array(#"xx{"a":[1]}yy"#.utf8)
        #expect(try JSONParser.parse(bytes[2..<11]) == ["a": [1]])
        #expect(try JSONParser.parse(#"{"a":[1]}"#.utf8.lazy.map { $0 }) == ["a": [1]])
        let raw = try bytes[2..<11].withUnsafeBytes { try JSONParser.parse($0) }
        #expect(raw == ["a": [1]])
    }

    @Test func distinguishesAbsentNullAndWrongType() throws {
        let request = try JSONParser.parse(#"{"due":null,"title":5}"#)
        #expect(request["missing"] == nil)
        #expect(request["due"] == .null)
        #expect(request["due"]?.isNull == true)
        #expect(request["title"] != nil)
        #expect(request["title"]?.stringValue == nil)
        #expect(request["title"]?.intValue == 5)
    }
}
