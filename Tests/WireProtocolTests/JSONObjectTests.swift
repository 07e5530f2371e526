import Testing
import WireProtocol

@Suite struct JSONObjectTests {
    @Test func keepsWrittenOrderAndLooksUpKeys() throws {
        let object = try #require(try JSONParser.parse(#"{"z":1,"a":null,"m":"x"}"#).objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object.count == 3)
        #expect(object["z"] == 1)
        #expect(object["a"] == .null)
        #expect(object["m"] == "x")
        #expect(object["missing"] == nil)
    }

    @Test func equalityIgnoresMemberOrder() {
        #expect(JSONObject([("a", 1), ("b", 2)]) == JSONObject([("b", 2), ("a", 1)]))
        #expect(JSONObject([("a", 1), ("b", 2)]) != JSONObject([("a", 1), ("b", 3)]))
        #expect(JSONObject([("a", 1)]) != JSONObject([("a", 1), ("b", 2)]))
        #expect(JSONObject([("a", .null)]) != JSONObject([("b", .null)]))
    }

    /// Objects larger than the linear-scan limit switch to a hash index; lookups and duplicate
    /// detection must behave the same on both sides of the switch.
    @Test(arguments: [1, 11, 12, 13, 14, 100, 5_000])
    func largeObjectsLookUpAndRejectDuplicates(count: Int) throws {
        let members = (0..<count).map { "\"k\($0)\":\($0)" }
        let object = try #require(try JSONParser.parse("{" + members.joined(separator: ",") + "}").objectValue)
        #expect(object.count == count)
        #expect(object.keys == (0..<count).map { "k\($0)" })
        for i in [0, count / 2, count - 1] {
            #expect(object["k\(i)"]?.intValue == i)
        }
        #expect(object["k\(count)"] == nil)

        let duplicated = "{" + (members + ["\"k\(count - 1)\":0"]).joined(separator: ",") + "}"
        let duplicateOffset = duplicated.utf8.count - "\"k\(count - 1)\":0}".utf8.count
        #expect(throws: JSONParseError(offset: duplicateOffset, reason: "duplicate key")) {
            try JSONParser.parse(duplicated)
        }
    }

    @Test func manyKeysParseInLinearTime() throws {
        let members = (0..<6_000).map { "\"key-\($0)\":0" }
        let document = "{" + members.joined(separator: ",") + "}"
        #expect(document.utf8.count < 80 * 1024)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try JSONParser.parse(document).objectValue?.count == 6_000)
        #expect(clock.now - start < .milliseconds(500))
    }
}
