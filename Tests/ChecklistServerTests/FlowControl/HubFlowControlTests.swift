@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// Flow control without sockets: a writer stops being read while most subscribers of the
/// checklist it edits are behind, and is read again when they catch up, when they leave, or
/// when the congestion has lasted `maxWriterPause`.
@Suite struct HubFlowControlTests {
    let ana = UserAccount(id: "u-ana", username: "ana")
    let bo = UserAccount(id: "u-bo", username: "bo")

    /// A writer (ana on 1) and `readers` subscribers of "L" (bo on 2, 3, …).
    func setUp(readers: Int, maxWriterPause: Double = 30) throws -> (HubHarness, ConnectionID, [ConnectionID]) {
        let h = HubHarness(maxWriterPause: maxWriterPause)
        let writer = h.open(1)
        h.authenticate(writer, as: ana)
        var subscribers: [ConnectionID] = []
        for index in 0..<readers {
            let reader = h.open(UInt64(2 + index))
            h.authenticate(reader, as: bo)
            h.send(#"{"type":"subscribe","list":"L"}"#, on: reader)
            h.store(
                try #require(h.storeRequests().first), .success(.catchUp(CatchUp(frames: [], head: 1, replayed: 0))))
            subscribers.append(reader)
        }
        _ = h.take()
        return (h, writer, subscribers)
    }

    /// The writer edits "L"; returns the reading changes the commit caused for it.
    func edit(_ h: HubHarness, by writer: ConnectionID, seq: Int64) throws -> [Bool] {
        h.send(#"{"type":"op","opId":"o\#(seq)","op":"completeItem","list":"L","item":"i"}"#, on: writer)
        h.store(
            try #require(h.storeRequests().first), .success(.committed(HubSessionTests.committed(list: "L", seq: seq))))
        return readingChanges(h, writer)
    }

    func readingChanges(_ h: HubHarness, _ connection: ConnectionID) -> [Bool] {
        h.take().compactMap { if case .setReceiving(let on, connection) = $0 { on } else { nil } }
    }

    @Test func aWriterWaitsWhileMostSubscribersAreBehindAndIsReadOnceTheyCatchUp() throws {
        let (h, writer, readers) = try setUp(readers: 3)
        h.behind(readers[0], true)
        h.behind(readers[1], true)
        #expect(try edit(h, by: writer, seq: 2) == [false], "two of three behind: the writer waits")
        #expect(try edit(h, by: writer, seq: 3) == [], "an edit already read goes through; nothing changes")

        h.behind(readers[0], false)
        #expect(readingChanges(h, writer) == [true], "one of three behind: no majority, read again")
        #expect(try edit(h, by: writer, seq: 4) == [])
    }

    @Test func oneSlowSubscriberAmongManyDoesNotSlowTheWriter() throws {
        let (h, writer, readers) = try setUp(readers: 3)
        h.behind(readers[2], true)
        #expect(try edit(h, by: writer, seq: 2) == [])
    }

    @Test func subscribersWhoLeaveEndTheCongestion() throws {
        let (h, writer, readers) = try setUp(readers: 4)
        for reader in readers.prefix(3) { h.behind(reader, true) }
        #expect(try edit(h, by: writer, seq: 2) == [false])

        h.hub.connectionClosed(readers[0])
        #expect(readingChanges(h, writer) == [], "two of three still behind")
        h.send(#"{"type":"unsubscribe","list":"L"}"#, on: readers[1])
        #expect(readingChanges(h, writer) == [true], "one of two behind is no majority")
    }

    @Test func inAListTwoPeopleHaveOpenOneSlowPhoneDoesNotSlowTheOther() throws {
        let (h, writer, readers) = try setUp(readers: 1)
        h.send(#"{"type":"subscribe","list":"L"}"#, on: writer)
        h.store(try #require(h.storeRequests().first), .success(.catchUp(CatchUp(frames: [], head: 1, replayed: 0))))
        h.behind(readers[0], true)
        #expect(try edit(h, by: writer, seq: 2) == [], "one of two subscribers behind")
    }

    @Test func aCongestionHoldsItsWritersAtMostMaxWriterPause() throws {
        let (h, writer, readers) = try setUp(readers: 2, maxWriterPause: 10)
        h.behind(readers[0], true)
        h.behind(readers[1], true)
        h.send(#"{"type":"op","opId":"o2","op":"completeItem","list":"L","item":"i"}"#, on: writer)
        h.store(
            try #require(h.storeRequests().first), .success(.committed(HubSessionTests.committed(list: "L", seq: 2))))
        let actions = h.take()
        #expect(actions.contains { if case .setReceiving(false, writer) = $0 { true } else { false } })
        #expect(actions.contains { if case .checkCongestion(after: 10) = $0 { true } else { false } })

        h.clock += 9
        h.congestionCheck()
        #expect(readingChanges(h, writer) == [], "not yet")
        h.clock += 1
        h.congestionCheck()
        #expect(readingChanges(h, writer) == [true], "ten seconds: let go")
        #expect(try edit(h, by: writer, seq: 3) == [], "not paused again by the same congestion")

        h.behind(readers[0], false)
        h.behind(readers[1], false)
        h.behind(readers[0], true)
        h.behind(readers[1], true)
        #expect(try edit(h, by: writer, seq: 4) == [false], "a new congestion pauses it again")
    }

    @Test func readingResumesOnlyWhenNeitherTheRequestBoundNorACongestionHoldsIt() throws {
        let h = HubHarness(maxRequestsInFlight: 2)
        let writer = h.open(1)
        let reader = h.open(2)
        h.authenticate(writer, as: ana)
        h.authenticate(reader, as: bo)
        h.send(#"{"type":"subscribe","list":"L"}"#, on: reader)
        h.store(try #require(h.storeRequests().first), .success(.catchUp(CatchUp(frames: [], head: 1, replayed: 0))))
        h.behind(reader, true)
        _ = h.take()

        h.send(#"{"type":"op","opId":"a","op":"completeItem","list":"L","item":"i"}"#, on: writer)
        h.send(#"{"type":"op","opId":"b","op":"completeItem","list":"L","item":"j"}"#, on: writer)
        let sent = h.take()
        let requests = sent.compactMap { if case .store(let request) = $0 { request } else { nil } }
        #expect(requests.count == 2)
        #expect(sent.contains { if case .setReceiving(false, writer) = $0 { true } else { false } }, "the bound")
        h.store(requests[0], .success(.committed(HubSessionTests.committed(list: "L", seq: 2))))
        h.store(requests[1], .success(.committed(HubSessionTests.committed(list: "L", seq: 3))))
        #expect(readingChanges(h, writer) == [], "the bound is answered, but the congestion still holds it")

        h.behind(reader, false)
        #expect(readingChanges(h, writer) == [true])
    }
}
