@testable import LoadTest
import Testing

/// The load tester's exactly-once, in-order rule, fed streams that break it: each kind of
/// violation must be counted, or "verified" in a report would mean nothing.
@Suite struct DeliveryOrderTests {
    /// Runs a subscriber's stream of event `seq`s through the rule, as the engine does.
    private func check(_ seqs: [Int64], startingAfter start: Int64 = -1) -> (duplicates: Int, missed: Int, last: Int64)
    {
        var last = start
        var duplicates = 0
        var missed = 0
        for seq in seqs {
            switch DeliveryOrder.event(seq: seq, after: last) {
            case .duplicateOrReordered: duplicates += 1
            case .accepted(let gap):
                missed += gap
                last = seq
            }
        }
        return (duplicates, missed, last)
    }

    @Test func anUnbrokenStreamPasses() {
        let result = check([5, 6, 7, 8], startingAfter: 4)
        #expect(result.duplicates == 0 && result.missed == 0 && result.last == 8)
    }

    @Test func theFirstEventSetsTheStartWhenTheHeadIsUnknown() {
        let result = check([41, 42])
        #expect(result.duplicates == 0 && result.missed == 0 && result.last == 42)
    }

    @Test func aRepeatedEventIsADuplicate() {
        let result = check([1, 2, 2, 3], startingAfter: 0)
        #expect(result.duplicates == 1 && result.missed == 0 && result.last == 3)
    }

    @Test func anEventArrivingLateIsCountedAndTheGapItLeftToo() {
        // 3 arrives before 2: 2 was missed when 3 came, and is then out of order.
        let result = check([1, 3, 2, 4], startingAfter: 0)
        #expect(result.duplicates == 1)
        #expect(result.missed == 1)
        #expect(result.last == 4)
    }

    @Test func everyMissingEventCounts() {
        let result = check([1, 5, 6, 9], startingAfter: 0)
        #expect(result.duplicates == 0 && result.missed == 3 + 2)
    }

    @Test func aSubscribedHeadBeyondTheLastEventMeansTheReplayFellShort() {
        #expect(DeliveryOrder.missedBeforeSubscribed(head: 10, after: 7) == 3)
        #expect(DeliveryOrder.missedBeforeSubscribed(head: 10, after: 10) == 0)
        // Live events may already be past the head the reply names.
        #expect(DeliveryOrder.missedBeforeSubscribed(head: 10, after: 12) == 0)
        // A first subscribe sets the start.
        #expect(DeliveryOrder.missedBeforeSubscribed(head: 10, after: -1) == 0)
    }

    /// nchan: writer numbers on one channel start at `first` and advance by `step` (writers
    /// go round-robin over the channels).
    @Test func nchanNumbersFollowTheWritersStep() {
        #expect(DeliveryOrder.nchanMessage(number: 3, after: 0, first: 3, step: 4) == .accepted(missed: 0))
        #expect(DeliveryOrder.nchanMessage(number: 7, after: 3, first: 3, step: 4) == .accepted(missed: 0))
        #expect(DeliveryOrder.nchanMessage(number: 15, after: 7, first: 3, step: 4) == .accepted(missed: 1))
        #expect(DeliveryOrder.nchanMessage(number: 11, after: 3, first: 3, step: 4) == .accepted(missed: 1))
        #expect(DeliveryOrder.nchanMessage(number: 7, after: 7, first: 3, step: 4) == .duplicateOrReordered)
        #expect(DeliveryOrder.nchanMessage(number: 3, after: 7, first: 3, step: 4) == .duplicateOrReordered)
        // The first message on a channel is later than the writer's first number there.
        #expect(DeliveryOrder.nchanMessage(number: 11, after: 0, first: 3, step: 4) == .accepted(missed: 2))
    }
}
