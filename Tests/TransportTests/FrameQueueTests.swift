import DequeModule
import Testing
@testable import Transport

@Suite("FrameQueue")
struct FrameQueueTests {
    @Test func firstInFirstOutAcrossGrowthAndWrapping() {
        var queue = FrameQueue()
        var expected: [Int] = []
        var next = 0
        // Interleave pushes and pops so the ring wraps and then grows while wrapped.
        for round in 0..<50 {
            for _ in 0..<(round % 7 + 1) {
                queue.append(OutboundFrame(text: [UInt8](repeating: 0, count: next)))
                expected.append(next)
                next += 1
            }
            for _ in 0..<(round % 5) where !expected.isEmpty {
                #expect(queue.popFirst()?.count == expected.removeFirst())
            }
            #expect(queue.count == expected.count)
        }
        while let frame = queue.popFirst() {
            #expect(frame.count == expected.removeFirst())
        }
        #expect(expected.isEmpty && queue.isEmpty)
    }

    @Test func removeAllEmpties() {
        var queue = FrameQueue()
        for _ in 0..<9 { queue.append(OutboundFrame(binary: [1])) }
        queue.removeAll()
        #expect(queue.isEmpty && queue.first == nil && queue.popFirst() == nil)
    }
}
