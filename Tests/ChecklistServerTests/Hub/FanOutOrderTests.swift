@testable import ChecklistServer
import ChecklistCore
import Testing
import Transport

/// The per-subscription last-seq rule (`FanOutOrder`): events from any mix of sources reach
/// every subscriber once, in `seq` order, with the gaps read from the store first.
@Suite struct FanOutOrderTests {
    let a = ConnectionID(rawValue: 1)
    let b = ConnectionID(rawValue: 2)

    static func event(_ seq: Int64, revoking: UserID? = nil) -> EventDelivery {
        EventDelivery(
            listID: "L", seq: seq, payload: Array("e\(seq)".utf8), revokedUserID: revoking, shared: nil)
    }

    /// The seqs the steps send to the checklist's subscribers, and to whom not.
    static func delivered(_ steps: [FanOutOrder.Step]) -> [Int64] {
        steps.compactMap { if case .deliver(let event, _, _) = $0 { event.seq } else { nil } }
    }

    /// The seqs delivered with their notices.
    static func withNotices(_ steps: [FanOutOrder.Step]) -> [Int64] {
        var seqs: [Int64] = []
        for case .deliver(let event, _, true) in steps { seqs.append(event.seq) }
        return seqs
    }

    @Test func theNextSeqGoesOutAndOneAlreadySentIsDropped() {
        var order = FanOutOrder()
        #expect(order.joined(a, "L", head: 2).isEmpty)
        #expect(Self.delivered(order.arrived(Self.event(3), subscribed: true)) == [3])
        #expect(order.arrived(Self.event(3), subscribed: true).isEmpty, "the same event again")
        #expect(order.arrived(Self.event(2), subscribed: true).isEmpty, "one the catch-up held")
        #expect(Self.delivered(order.arrived(Self.event(4), subscribed: true)) == [4])
    }

    @Test func theNextEventForSubscribersAllInStepTakesTheShortPath() {
        var order = FanOutOrder()
        var moved: [Bool] = []
        moved.append(order.advance(Self.event(1)))  // no subscriber here
        _ = order.joined(a, "L", head: 2)
        moved.append(order.advance(Self.event(3)))
        moved.append(order.advance(Self.event(3)))  // not twice
        moved.append(order.advance(Self.event(5)))  // not past a gap
        _ = order.joined(b, "L", head: 4)
        moved.append(order.advance(Self.event(4)))  // not while one subscriber is ahead
        #expect(moved == [false, true, false, false, false])
        #expect(Self.delivered(order.arrived(Self.event(4), subscribed: true)) == [4])
        #expect(order.positions["L"]?.ahead.isEmpty == true, "in step again")
    }

    /// The head check of a shared store: a stored head past what was sent is read from the
    /// log at once, the notices it found go out in their event's place, and the tail's copies
    /// that come later are dropped.
    @Test func aStoredHeadPastWhatWasSentIsReadFromTheLogWithItsNotices() {
        var order = FanOutOrder()
        _ = order.joined(a, "L", head: 2)
        #expect(order.sentHeads == ["L": 2])
        let unshare = Self.event(4, revoking: "u-bo")
        #expect(order.storedHead("L", 4, notices: [unshare]) == [.readGap("L", after: 2, through: 4)])
        #expect(order.storedHead("L", 4, notices: []).isEmpty, "one read at a time")
        let read = order.gapRead("L", after: 2, payloads: [Array("e3".utf8), Array("e4".utf8)])
        #expect(Self.delivered(read) == [3, 4])
        #expect(Self.withNotices(read) == [4], "the revoke is told with its event")
        #expect(order.arrived(unshare, subscribed: true).isEmpty, "the tail's copy: sent, told")
        #expect(order.storedHead("L", 4, notices: []).isEmpty, "nothing new")
        #expect(order.sentHeads == ["L": 4])
    }

    @Test func anEventPastTheNextIsHeldWhileTheGapIsReadAndGoesOutAfterIt() {
        var order = FanOutOrder()
        _ = order.joined(a, "L", head: 2)
        #expect(order.arrived(Self.event(5), subscribed: true) == [.readGap("L", after: 2, through: 4)])
        #expect(order.arrived(Self.event(6), subscribed: true).isEmpty, "held too; one read at a time")
        let filled = order.gapRead("L", after: 2, payloads: [Array("e3".utf8), Array("e4".utf8)])
        #expect(Self.delivered(filled) == [3, 4, 5, 6])
        #expect(Self.withNotices(filled) == [5, 6], "events read from the log carry no notices; those that came do")
        #expect(Self.delivered(order.arrived(Self.event(7), subscribed: true)) == [7])
    }

    @Test func aGapFilledByTheEventItselfBeforeTheReadReturnsIsNotSentTwice() {
        var order = FanOutOrder()
        _ = order.joined(a, "L", head: 2)
        _ = order.arrived(Self.event(4), subscribed: true)
        #expect(Self.delivered(order.arrived(Self.event(3), subscribed: true)) == [3, 4])
        #expect(order.gapRead("L", after: 2, payloads: [Array("e3".utf8)]).isEmpty)
        #expect(Self.delivered(order.arrived(Self.event(5), subscribed: true)) == [5])
    }

    @Test func aNoticeOfAnEventSentFromTheLogIsStillDeliveredWhenTheEventComes() {
        var order = FanOutOrder()
        _ = order.joined(a, "L", head: 2)
        _ = order.arrived(Self.event(4), subscribed: true)
        _ = order.gapRead("L", after: 2, payloads: [Array("e3".utf8)])
        #expect(
            order.arrived(Self.event(3, revoking: "u-bo"), subscribed: true) == [
                .notices(Self.event(3, revoking: "u-bo"))
            ])
        #expect(order.arrived(Self.event(3, revoking: "u-bo"), subscribed: true).isEmpty, "once")
    }

    @Test func aSubscriberWhoseCatchUpWentFurtherIsSentOnlyWhatComesAfterIt() {
        var order = FanOutOrder()
        _ = order.joined(a, "L", head: 2)
        #expect(order.joined(b, "L", head: 4).isEmpty)
        #expect(order.arrived(Self.event(3), subscribed: true) == [.deliver(Self.event(3), except: [b], notices: true)])
        #expect(order.arrived(Self.event(4), subscribed: true) == [.deliver(Self.event(4), except: [b], notices: true)])
        #expect(order.arrived(Self.event(5), subscribed: true) == [.deliver(Self.event(5), except: [], notices: true)])
    }

    @Test func aSubscriberWhoseCatchUpStoppedShortIsFilledFromTheLogThenJoinsTheOthers() {
        var order = FanOutOrder()
        _ = order.joined(a, "L", head: 5)
        #expect(order.joined(b, "L", head: 3) == [.readFor(b, "L", after: 3, through: 5)])
        #expect(order.arrived(Self.event(6), subscribed: true) == [.deliver(Self.event(6), except: [b], notices: true)])
        let first = order.caughtUp(b, "L", after: 3, payloads: [Array("e4".utf8), Array("e5".utf8)])
        #expect(
            first == [
                .send(Array("e4".utf8), to: b), .send(Array("e5".utf8), to: b), .readFor(b, "L", after: 5, through: 6),
            ], "6 went out meanwhile: read on")
        #expect(order.caughtUp(b, "L", after: 5, payloads: [Array("e6".utf8)]) == [.send(Array("e6".utf8), to: b)])
        #expect(order.arrived(Self.event(7), subscribed: true) == [.deliver(Self.event(7), except: [], notices: true)])
    }

    @Test func aChecklistNobodyHereSubscribesToKeepsNoStateAndItsNoticesStillGoOut() {
        var order = FanOutOrder()
        #expect(order.arrived(Self.event(9), subscribed: false).isEmpty)
        let revoking = Self.event(10, revoking: "u-bo")
        #expect(order.arrived(revoking, subscribed: false) == [.notices(revoking)])
        _ = order.joined(a, "L", head: 10)
        order.left(a, "L", remaining: false)
        #expect(order.positions.isEmpty)
    }
}
