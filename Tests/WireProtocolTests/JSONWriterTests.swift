import Foundation
import Testing
import WireProtocol

@Suite struct JSONWriterTests {
    private func text(_ writer: borrowing JSONWriter) -> String {
        String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func handlesCommasInNestedStructures() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("type", "added")
        writer.key("ids")
        writer.beginArray()
        writer.int(1)
        writer.beginArray()
        writer.endArray()
        writer.beginObject()
        writer.endObject()
        writer.beginObject()
        writer.field("a", 1)
        writer.field("b", nil as String?)
        writer.endObject()
        writer.int(-2)
        writer.endArray()
        writer.key("empty")
        writer.beginObject()
        writer.endObject()
        writer.field("last", true)
        writer.endObject()
        #expect(text(writer) == #"{"type":"added","ids":[1,[],{},{"a":1,"b":null},-2],"empty":{},"last":true}"#)
    }

    @Test func fieldsWriteNullForNil() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("s", nil as String?)
        writer.field("i", nil as Int?)
        writer.field("d", nil as Double?)
        writer.field("b", nil as Bool?)
        writer.field("v", value: .null)
        writer.field("s2", "x")
        writer.field("i2", 2)
        writer.field("d2", 2.5)
        writer.field("b2", false)
        writer.field("v2", value: ["k": [1, "two"]])
        writer.endObject()
        #expect(
            text(writer)
                == #"{"s":null,"i":null,"d":null,"b":null,"v":null,"s2":"x","i2":2,"d2":2.5,"b2":false,"v2":{"k":[1,"two"]}}"#
        )
    }

    @Test func splicesRawJSON() {
        let cached = Array(#"{"id":7,"items":[]}"#.utf8)
        var writer = JSONWriter()
        writer.beginArray()
        writer.rawJSON(cached)
        writer.rawJSON(#"[1]"#.utf8)
        writer.null()
        writer.endArray()
        #expect(text(writer) == #"[{"id":7,"items":[]},[1],null]"#)

        var event = JSONWriter()
        event.beginObject()
        event.field("snapshot", rawJSON: cached[0...])
        event.field("n", 1)
        event.endObject()
        #expect(text(event) == #"{"snapshot":{"id":7,"items":[]},"n":1}"#)
    }

    @Test func resetStartsAFreshMessage() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.int(1)
        writer.endArray()
        writer.reset()
        writer.int(2)
        #expect(text(writer) == "2")
    }

    @Test(
        arguments: [
            (0, "0"), (7, "7"), (-7, "-7"), (1800, "1800"),
            (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
        ] as [(Int, String)])
    func writesIntegers(value: Int, expected: String) {
        var writer = JSONWriter()
        writer.int(value)
        #expect(text(writer) == expected)
    }

    @Test(
        arguments: [
            (3.0, "3"), (-3.0, "-3"), (0.0, "0"), (-0.0, "-0"), (1800.0, "1800"),
            (1.5, "1.5"), (0.1, "0.1"), (-0.25, "-0.25"), (0.1 + 0.2, "0.30000000000000004"),
            (1e-7, "1e-07"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (9_007_199_254_740_991.0, "9007199254740991"),
            (9_007_199_254_740_992.0, "9007199254740992"),
            (1e16, "1e+16"), (1e22, "1e+22"),
            (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        ] as [(Double, String)])
    func writesDoubles(value: Double, expected: String) throws {
        var writer = JSONWriter()
        writer.double(value)
        #expect(text(writer) == expected)
        if value.isFinite {
            let parsed = try #require(try JSONParser.parse(writer.bytes).doubleValue)
            #expect(parsed == value && parsed.sign == value.sign)
        }
    }

    /// The writer owns its buffer: starting small, it grows through single bytes, literals,
    /// long strings with escapes and spliced JSON, and what comes out is what went in.
    @Test func growsFromASmallBufferWithoutLosingAByte() throws {
        var writer = JSONWriter(capacity: 1)
        let long = String(repeating: "ab\"c\\d\n✓", count: 2_000)
        writer.beginArray()
        for index in 0..<500 { writer.int(index) }
        writer.string(long)
        writer.rawJSON(Array(#"{"k":[true,null]}"#.utf8))
        writer.endArray()
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [Any])
        #expect(parsed.count == 502)
        #expect((parsed[0..<500].compactMap { $0 as? Int }) == Array(0..<500))
        #expect(parsed[500] as? String == long)
        #expect((parsed[501] as? [String: Any])?.keys.sorted() == ["k"])
    }

    @Test func keepsObjectMemberOrder() {
        let value: JSONValue = ["z": 1, "a": 2, "m": [3]]
        #expect(value.description == #"{"z":1,"a":2,"m":[3]}"#)
    }
}
