import Testing
import WireProtocol

@Suite struct JSONStringTests {
    @Test(
        arguments: [
            (#""plain ascii""#, "plain ascii"),
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
            (#""\u0000""#, "\u{0}"),
            (#""a\u0000b""#, "a\u{0}b"),
            (#""\u00e9\u00E9""#, "éé"),
            (#""\u20AC""#, "€"),
            (#""\uD83D\uDE00""#, "😀"),
            (#""\ud83d\ude00x""#, "😀x"),
            (#""x\uDBFF\uDFFF""#, "x\u{10FFFF}"),
            (#""\u2028\u2029""#, "\u{2028}\u{2029}"),
            (#""raw 😀 é 日本 \u0041""#, "raw 😀 é 日本 A"),
            ("\"\u{7F}\"", "\u{7F}"),  // DEL is not a control character in JSON
            ("\"👩‍👩‍👧\"", "👩‍👩‍👧"),
        ] as [(String, String)])
    func decodesStrings(input: String, expected: String) throws {
        #expect(try JSONParser.parse(input) == .string(expected))
    }

    @Test(
        arguments: [
            ("", #""""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("a/b", #""a/b""#),
            ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("\u{7F}", "\"\u{7F}\""),
            ("é 😀 日本", "\"é 😀 日本\""),
            ("js\u{2028}line\u{2029}para", #""js\u2028line\u2029para""#),
            ("\u{2027}\u{202A}€", "\"\u{2027}\u{202A}€\""),  // other E2 80 xx characters pass through
            ("tail\u{E2}", "\"tail\u{E2}\""),
        ] as [(String, String)])
    func escapesStrings(input: String, expected: String) throws {
        var writer = JSONWriter()
        writer.string(input)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(try JSONParser.parse(writer.bytes) == .string(input))
    }

    @Test func longStringsWithEscapesRoundTrip() throws {
        let text = String(repeating: "ab\"c\\d\u{1}é😀\n", count: 2_000)
        var writer = JSONWriter()
        writer.string(text)
        #expect(try JSONParser.parse(writer.bytes) == .string(text))
    }
}
