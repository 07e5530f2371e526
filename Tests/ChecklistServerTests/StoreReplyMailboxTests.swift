import CoreMetrics
import Foundation
import Synchronization
import Testing

@testable import ChecklistServer

/// The mailbox that carries store replies to the service thread: one drain per run of replies,
/// every reply delivered once, in the order it was posted.
@Suite struct StoreReplyMailboxTests {
    static let timing = CoreMetrics.Timer(
        label: "test_seconds", factory: ServerMetricsFactory(durationBuckets: [.seconds(1)]))

    static func reply(_ id: UInt64) -> StoreReplyMailbox.Reply {
        StoreReplyMailbox.Reply(
            response: StoreResponse(id: id, result: .success(.done)), timing: timing, submitted: .now)
    }

    @Test func onlyThePostIntoAnEmptyMailboxAsksForADrain() {
        let mailbox = StoreReplyMailbox()
        #expect(mailbox.post(Self.reply(1)))
        #expect(!mailbox.post(Self.reply(2)))
        #expect(!mailbox.post(Self.reply(3)))
        #expect(mailbox.takeAll().map(\.response.id) == [1, 2, 3])
        #expect(mailbox.takeAll().isEmpty)
        // Emptied by the drain: the next reply needs a drain of its own.
        #expect(mailbox.post(Self.reply(4)))
        #expect(mailbox.takeAll().map(\.response.id) == [4])
    }

    /// Four threads post while a task drains whenever a post asks for it: each reply comes out
    /// exactly once, each thread's replies in the order it posted them, and the drains that were
    /// asked for leave nothing behind.
    @Test func concurrentPostsAreEachDeliveredOnceAndInOrder() async {
        let mailbox = StoreReplyMailbox()
        let drainsAsked = Mutex(0)
        let perThread: UInt64 = 5_000
        let posters = 4
        let drains = AsyncStream<Void>.makeStream()
        let drainer = Task {
            var seen: [UInt64] = []
            for await _ in drains.stream { seen += mailbox.takeAll().map(\.response.id) }
            return seen
        }
        DispatchQueue.concurrentPerform(iterations: posters) { thread in
            for number in 0..<perThread {
                if mailbox.post(Self.reply(UInt64(thread) << 32 | number)) {
                    drainsAsked.withLock { $0 += 1 }
                    drains.continuation.yield()
                }
            }
        }
        drains.continuation.finish()
        let seen = await drainer.value
        // Every post into an empty mailbox asked for a drain, so the drains left nothing behind.
        #expect(mailbox.takeAll().isEmpty)
        #expect(seen.count == posters * Int(perThread))
        for thread in 0..<posters {
            let mine = seen.filter { $0 >> 32 == UInt64(thread) }.map { $0 & 0xFFFF_FFFF }
            #expect(mine == Array(0..<perThread), "thread \(thread)'s replies out of order or missing")
        }
        #expect(drainsAsked.withLock { $0 } >= 1)
    }
}
