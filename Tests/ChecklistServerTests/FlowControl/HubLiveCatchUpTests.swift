@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// A subscriber with no room for live events is sent them from the log once it drains, in
/// order, a chunk at a time, and then goes live again — never closed for reading slowly, never
/// shown a gap or a repeat. Without sockets: the transport's refusals and drains are inputs.
@Suite struct HubLiveCatchUpTests {
    let ana = UserAccount(id: "u-ana", username: "ana")
    let bo = UserAccount(id: "u-bo", username: "bo")

    /// A writer (ana on 1) and a reader (bo on 2) subscribed to "L" at seq 1.
    func setUp() throws -> (HubHarness, writer: ConnectionID, reader: ConnectionID) {
        let h = HubHarness()
        let writer = h.open(1)
        let reader = h.open(2)
        h.authenticate(writer, as: ana)
        h.authenticate(reader, as: bo)
        h.send(#"{"type":"subscribe","list":"L"}"#, on: reader)
        h.store(try #require(h.storeRequests().first), .success(.catchUp(CatchUp(frames: [], head: 1, replayed: 0))))
        _ = h.take()
        return (h, writer, reader)
    }

    /// The writer's edit commits as `seq`; returns the event's fan-out.
    func commit(_ h: HubHarness, by writer: ConnectionID, seq: Int64) throws -> (EventOrigin, Set<ConnectionID>) {
        h.send(#"{"type":"op","opId":"o\#(seq)","op":"completeItem","list":"L","item":"i"}"#, on: writer)
        h.store(
            try #require(h.storeRequests().first), .success(.committed(HubSessionTests.committed(list: "L", seq: seq))))
        let fanOut = h.take().compactMap { action -> (EventOrigin, Set<ConnectionID>)? in
            if case .deliverEvent(_, let origin, let targets) = action { (origin, targets) } else { nil }
        }
        return try #require(fanOut.first)
    }

    /// The store's answer to a catch-up read: events `from…last` of "L", the head being `head`.
    func range(_ from: Int64, _ last: Int64, head: Int64) -> StoreReply {
        let frames = (from...last).map { OutboundFrame(text: Array(#"{"type":"event","list":"L","seq":\#($0)}"#.utf8)) }
        return .eventRange(EventRange(frames: frames, last: last, head: head))
    }

    func readRequest(_ h: HubHarness) throws -> (StoreRequest, after: Int64) {
        let request = try #require(h.storeRequests().first)
        guard case .liveCatchUp("L", let after, let maxBytes) = request.command else {
            Issue.record("expected a read of the log, got \(request.command)")
            throw CancellationError()
        }
        #expect(maxBytes == Hub.Configuration().catchUpChunkBytes)
        return (request, after)
    }

    func seqs(_ h: HubHarness, to connection: ConnectionID) -> [Int64] {
        h.messages(to: connection).compactMap { $0["seq"]?.int64Value }
    }

    @Test func aRefusedEventIsSentFromTheLogOnceTheSubscriberDrainsThenItGoesLive() throws {
        let (h, writer, reader) = try setUp()
        let (origin, targets) = try commit(h, by: writer, seq: 2)
        #expect(targets == [reader] && origin.seq == 2 && origin.listID == "L")

        h.refused([reader], list: "L", seq: 2)
        #expect(h.take().contains { if case .watchDrain(reader) = $0 { true } else { false } })
        for seq: Int64 in 3...4 {
            _ = try commit(h, by: writer, seq: seq)
            h.refused([reader], list: "L", seq: seq)
            #expect(h.take().isEmpty, "a refusal during the catch-up is already covered")
        }

        h.drained(reader)
        let (first, after) = try readRequest(h)
        #expect(after == 1, "from the last seq it got")
        h.store(first, .success(range(2, 3, head: 4)))
        #expect(seqs(h, to: reader) == [2, 3])
        #expect(h.take().contains { if case .watchDrain(reader) = $0 { true } else { false } }, "more to come")

        h.drained(reader)
        let (second, afterSecond) = try readRequest(h)
        #expect(afterSecond == 3)
        h.store(second, .success(range(4, 4, head: 4)))
        #expect(seqs(h, to: reader) == [4])
        let resume = h.take().compactMap { action -> ConnectionID? in
            if case .resumeStream(origin.stream, "L", let connection) = action { connection } else { nil }
        }
        #expect(resume == [reader], "caught up: the stream is resumed")
        h.resumed(reader, list: "L")
        #expect(h.hub.catchUps.isEmpty)

        let (_, live) = try commit(h, by: writer, seq: 5)
        #expect(live == [reader], "live again")
    }

    @Test func aRefusalReportedAfterTheReadThatCoveredItIsIgnored() throws {
        let (h, writer, reader) = try setUp()
        _ = try commit(h, by: writer, seq: 2)
        h.refused([reader], list: "L", seq: 2)
        h.drained(reader)
        let (read, _) = try readRequest(h)
        // Event 3 committed before the read ran; its fan-out is carried out after the read's
        // reply was handled (one pass over a batch of replies): its refusal arrives late.
        h.store(read, .success(range(2, 3, head: 3)))
        _ = h.take()
        h.refused([reader], list: "L", seq: 3)
        #expect(h.take().isEmpty, "seq 3 was sent from the log")
        h.resumed(reader, list: "L")
        #expect(h.hub.catchUps.isEmpty)
    }

    @Test func anUnsubscribeDuringACatchUpResumesTheStreamAndDropsTheRead() throws {
        let (h, writer, reader) = try setUp()
        _ = try commit(h, by: writer, seq: 2)
        h.refused([reader], list: "L", seq: 2)
        h.drained(reader)
        let (read, _) = try readRequest(h)
        h.send(#"{"type":"unsubscribe","list":"L"}"#, on: reader)
        #expect(h.take().contains { if case .resumeStream(_, "L", reader) = $0 { true } else { false } })
        h.store(read, .success(range(2, 2, head: 2)))
        #expect(seqs(h, to: reader).isEmpty, "nothing of the list after unsubscribed")
        #expect(h.hub.catchUps.isEmpty)
    }

    @Test func aLogThatCannotBeReadClosesTheSubscriberSoItResubscribes() throws {
        let (h, writer, reader) = try setUp()
        _ = try commit(h, by: writer, seq: 2)
        h.refused([reader], list: "L", seq: 2)
        h.drained(reader)
        let (read, _) = try readRequest(h)
        h.store(read, .failure(.failure("event 2 is missing from the log")))
        let closes = h.take().compactMap { action -> UInt16? in
            if case .close(reader, let code, _) = action { code } else { nil }
        }
        #expect(closes == [WebSocketCloseCode.slowConsumer])
    }

    @Test func aRefusalForAListTheConnectionLeftIsIgnored() throws {
        let (h, writer, reader) = try setUp()
        _ = try commit(h, by: writer, seq: 2)
        h.send(#"{"type":"unsubscribe","list":"L"}"#, on: reader)
        _ = h.take()
        h.refused([reader], list: "L", seq: 2)
        #expect(h.take().isEmpty)
        #expect(h.hub.catchUps.isEmpty)
    }

    @Test func aConnectionWhoseOwnQueueIsBehindIsNotReadUntilItCatchesUp() throws {
        let (h, _, reader) = try setUp()
        h.behind(reader, true)
        #expect(h.take().contains { if case .setReceiving(false, reader) = $0 { true } else { false } })
        h.behind(reader, false)
        #expect(h.take().contains { if case .setReceiving(true, reader) = $0 { true } else { false } })
    }
}
