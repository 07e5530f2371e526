import Testing
import WireProtocol

/// Truncated and corrupted documents must fail cleanly: the parser reads through an unchecked
/// buffer pointer in release builds, so every bounds check it needs must be its own. (Debug
/// builds, where these tests normally run, also trap on any out-of-bounds read.)
@Suite struct JSONHostileInputTests {
    static let documents = [
        #"{"type":"op","n":-1.5e+3,"s":"a\"\\\u00e9\uD83D\uDE00","l":[true,false,null,{}],"o":{"k":[0]}}"#,
        #"["\u12", "\uD800\u", "\", 1e, -, 0., tru, {"#,
        "\"é😀日\"",
    ]

    @Test(arguments: documents)
    func everyPrefixParsesOrFailsCleanly(document: String) {
        let bytes = Array(document.utf8)
        for end in 0...bytes.count {
            let prefix = bytes[..<end]
            do {
                _ = try JSONParser.parse(prefix)
            } catch {
                #expect((0...end).contains(error.offset), "\(error) for prefix of length \(end)")
            }
        }
    }

    @Test(arguments: documents)
    func everySingleByteCorruptionFailsCleanly(document: String) {
        let bytes = Array(document.utf8)
        let replacements: [UInt8] = [
            0x00, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x2D, 0x75, 0x80, 0xC3, 0xED, 0xF4, 0xFF,
        ]
        for position in bytes.indices {
            for replacement in replacements {
                var corrupted = bytes
                corrupted[position] = replacement
                do {
                    let value = try JSONParser.parse(corrupted)
                    #expect(try JSONParser.parse(value.encoded()) == value)
                } catch {
                    #expect((0...corrupted.count).contains(error.offset))
                }
            }
        }
    }
}
