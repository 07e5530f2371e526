import Testing
@testable import Transport

@Suite("MessageAssembler")
struct MessageAssemblerTests {
    private func feed(_ assembler: inout MessageAssembler, _ chunks: [[UInt8]], binary: Bool = false)
        -> [MessageAssembler.Outcome]
    {
        chunks.enumerated().map { index, chunk in
            chunk.withUnsafeBytes {
                assembler.append($0, isFirst: index == 0, isBinary: binary, isLast: index == chunks.count - 1)
            }
        }
    }

    @Test func singleChunkMessage() {
        var assembler = MessageAssembler(maxMessageSize: 10)
        #expect(feed(&assembler, [[1, 2, 3]], binary: true) == [.message(.binary([1, 2, 3]))])
    }

    @Test func chunksAreJoined() {
        var assembler = MessageAssembler(maxMessageSize: 10)
        #expect(feed(&assembler, [[65], [66], [67]]) == [.incomplete, .incomplete, .message(.text([65, 66, 67]))])
    }

    @Test func exactlyTheLimitIsAccepted() {
        var assembler = MessageAssembler(maxMessageSize: 4)
        #expect(feed(&assembler, [[1, 2], [3, 4]]).last == .message(.text([1, 2, 3, 4])))
    }

    @Test func overTheLimitIsReportedOnlyAtTheEnd() {
        var assembler = MessageAssembler(maxMessageSize: 4)
        #expect(feed(&assembler, [[1, 2, 3], [4, 5], [6]]) == [.incomplete, .incomplete, .tooBig])
        #expect(feed(&assembler, [[1, 2, 3, 4, 5]]) == [.tooBig])
        // The next message starts clean.
        #expect(feed(&assembler, [[9]]) == [.message(.text([9]))])
    }

    @Test func emptyMessage() {
        var assembler = MessageAssembler(maxMessageSize: 4)
        #expect(feed(&assembler, [[]]) == [.message(.text([]))])
    }
}
