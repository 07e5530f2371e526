import Testing
import WireProtocol

@Suite struct JSONRoundTripTests {
    @Test(arguments: [
        #"{"type":"op","opId":"3f1c0b9e-5d1a-4d7b-9a63-1b2f0e6c9d11","op":"addItem","list":"c0a8d3e2-7b4f-4e1a-9c2d-5f6a7b8c9d0e","title":"Homework 2","due":"2027-03-12","ref":"r-17"}"#,
        #"{"remindEvery":1800,"ratio":0.5,"big":9223372036854775807,"small":-9223372036854775808}"#,
        #"[1e3,1.0,-0,-0.0,1E-7,123456789012345678901234567890,5e-324,1.7976931348623157e308]"#,
        #"{"a":{"b":{"c":[[],{},[null,true,false]]}}}"#,
        #"["\u0000\u001f\"\\\/","😀","\uD83D\uDE00","\u2028","tab\there","日本語"]"#,
        #"  { "spaced" : [ 1 , 2 ] }  "#,
        #""""#,
        "0",
    ])
    func parseEncodeParseIsStable(document: String) throws {
        let first = try JSONParser.parse(document)
        let encoded = first.encoded()
        let second = try JSONParser.parse(encoded)
        #expect(second == first)
        // Encoding is canonical: a second encode gives the same bytes.
        #expect(second.encoded() == encoded)
    }

    @Test func encodesCompactlyInWrittenOrder() throws {
        let document = #"{ "b" : [ 1 , 2.50 , "x" ] , "a" : null , "n" : 1800.0 }"#
        let encoded = try JSONParser.parse(document).encoded()
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"b":[1,2.5,"x"],"a":null,"n":1800}"#)
    }

    @Test func integersStayExactThroughARoundTrip() throws {
        let value = try JSONParser.parse("[9007199254740993, -9007199254740993]")
        #expect(String(decoding: value.encoded(), as: UTF8.self) == "[9007199254740993,-9007199254740993]")
    }
}
