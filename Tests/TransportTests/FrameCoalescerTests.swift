import DequeModule
import Testing
@testable import Transport

/// The headers the coalescer writes in front of each packed server frame (RFC 6455 §5.2):
/// FIN + opcode, then the 7-bit, 16-bit or 64-bit payload length, never masked.
@Suite struct FrameCoalescerTests {
    @Test(arguments: [
        (0, [0x81, 0x00]),
        (125, [0x81, 125]),
        (126, [0x81, 126, 0x00, 126]),
        (65535, [0x81, 126, 0xFF, 0xFF]),
        (65536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]),
    ])
    func textHeaders(count: Int, expected: [Int]) {
        var buffer = [UInt8](repeating: 0, count: 10)
        let length = buffer.withUnsafeMutableBufferPointer {
            FrameCoalescer.header(count: count, binary: false, into: $0.baseAddress!)
        }
        #expect(Array(buffer.prefix(length)) == expected.map(UInt8.init))
    }

    @Test func packsQueuedFramesBackToBackAndLeavesTheRest() {
        var queue = FrameQueue()
        queue.append(OutboundFrame(text: Array("ab".utf8)))
        queue.append(OutboundFrame(binary: [1, 2, 3]))
        queue.append(OutboundFrame(text: [UInt8](repeating: 0x61, count: FrameCoalescer.budget)))
        var coalescer = FrameCoalescer()
        defer { coalescer.release() }
        let packed = coalescer.pack(from: &queue)
        #expect(packed?.frames == 2)
        #expect(packed?.payload == 5)
        let bytes = packed.map { Array(UnsafeBufferPointer(start: $0.bytes, count: $0.count)) }
        #expect(bytes == [0x81, 2, 0x61, 0x62, 0x82, 3, 1, 2, 3])
        #expect(queue.count == 1)
        #expect(coalescer.pack(from: &queue) == nil)  // one frame left: the ordinary path
    }
}
