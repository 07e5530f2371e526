import Testing
@testable import Transport

/// A replay framed in chunks must read back, frame by frame, as exactly the messages appended.
@Suite struct FrameBatchTests {
    /// Splits unmasked server frames back into payloads (RFC 6455 §5.2).
    static func payloads(in bytes: [UInt8]) -> [[UInt8]]? {
        var result: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x81, index + 1 < bytes.count else { return nil }
            var length = Int(bytes[index + 1])
            index += 2
            if length == 126 {
                length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                index += 2
            } else if length == 127 {
                length = bytes[index..<index + 8].reduce(0) { $0 << 8 | Int($1) }
                index += 8
            }
            guard index + length <= bytes.count else { return nil }
            result.append(Array(bytes[index..<index + length]))
            index += length
        }
        return result
    }

    static func bytes(of frame: OutboundFrame) -> [UInt8] {
        Array(UnsafeBufferPointer(start: frame.payload, count: frame.count))
    }

    @Test func messagesComeBackInOrderAcrossChunks() {
        let messages: [[UInt8]] =
            (0..<300).map { index in
                Array("{\"seq\":\(index),\"pad\":\"\(String(repeating: "x", count: index * 7 % 900))\"}".utf8)
            } + [[UInt8](repeating: 0x61, count: 70_000), Array("{}".utf8)]
        var batch = FrameBatch()
        for message in messages { message.withUnsafeBytes { batch.appendText($0) } }
        #expect(batch.count == messages.count)
        let chunks = batch.finish()
        #expect(chunks.count > 2)
        #expect(chunks.allSatisfy { !FrameCoalescer.isPackable($0) })  // written raw, already framed
        // Every chunk holds whole frames, so a chunk boundary never splits a message.
        let perChunk = chunks.map { Self.payloads(in: Self.bytes(of: $0)) }
        #expect(perChunk.allSatisfy { $0 != nil })
        #expect(perChunk.compactMap { $0 }.flatMap { $0 } == messages)
        #expect(batch.finish().isEmpty)
    }

    @Test func removeAllForgetsEverything() {
        var batch = FrameBatch()
        Array("{\"a\":1}".utf8).withUnsafeBytes { batch.appendText($0) }
        batch.removeAll()
        #expect(batch.count == 0)
        #expect(batch.finish().isEmpty)
    }
}
