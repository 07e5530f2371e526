@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// Reply order, backpressure, subscriptions and fan-out, without sockets.
@Suite struct HubSessionTests {
    let ana = UserAccount(id: "u-ana", username: "ana")
    let bo = UserAccount(id: "u-bo", username: "bo")

    @Test func anImmediateErrorWaitsForTheReplyOfTheRequestBeforeIt() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.authenticate(c, as: ana)
        h.send(#"{"type":"lists","ref":"1"}"#, on: c)
        h.send(#"{"type":"nonsense","ref":"2"}"#, on: c)
        let lists = try #require(h.storeRequests().first)
        #expect(h.messages(to: c).isEmpty, "the error may not overtake the lists reply")
        h.store(lists, .success(.encoded(Array(#"{"type":"lists","lists":[],"ref":"1"}"#.utf8))))
        #expect(h.messages(to: c).map { $0["ref"]?.stringValue } == ["1", "2"])
    }

    @Test func readingStopsAtTheBoundAndResumesAtHalf() throws {
        let h = HubHarness(maxRequestsInFlight: 4)
        let c = h.open(1)
        h.authenticate(c, as: ana)
        for i in 0..<4 { h.send(#"{"type":"lists","ref":"\#(i)"}"#, on: c) }
        let actions = h.take()
        #expect(actions.contains { if case .setReceiving(false, c) = $0 { true } else { false } })
        let requests = actions.compactMap { if case .store(let r) = $0 { r } else { nil } }
        #expect(requests.count == 4)

        h.store(requests[0], .success(.encoded(Array("{}".utf8))))
        #expect(!h.take().contains { if case .setReceiving = $0 { true } else { false } })
        h.store(requests[1], .success(.encoded(Array("{}".utf8))))
        #expect(h.take().contains { if case .setReceiving(true, c) = $0 { true } else { false } })
    }

    @Test func aSubscriberIsLiveOnlyOnceItsCatchUpIsDelivered() throws {
        let h = HubHarness()
        let writer = h.open(1)
        let reader = h.open(2)
        h.authenticate(writer, as: ana)
        h.authenticate(reader, as: bo)
        h.send(#"{"type":"subscribe","list":"L","since":3,"ref":"s"}"#, on: reader)
        let subscribe = try #require(h.storeRequests().first)
        #expect(subscribe.command == .subscribe(listID: "L", userID: "u-bo", since: 3, ref: "s"))

        // An edit committed before the subscription's read reaches the hub first: the
        // catch-up already holds it, so it must not be sent live as well.
        h.send(#"{"type":"op","opId":"o1","op":"completeItem","list":"L","item":"i"}"#, on: writer)
        let edit = try #require(h.storeRequests().first)
        h.store(edit, .success(.committed(Self.committed(list: "L", seq: 4))))
        #expect(h.messages(to: reader).isEmpty)
        #expect(h.messages(to: writer).first?["type"]?.stringValue == "ack")

        h.store(
            subscribe,
            .success(
                .catchUp(
                    CatchUp(
                        frames: [OutboundFrame(text: Array(#"{"type":"event","seq":4}"#.utf8))], head: 4, replayed: 1)))
        )
        #expect(h.messages(to: reader).map { $0["type"]?.stringValue } == ["event", "subscribed"])

        h.send(#"{"type":"op","opId":"o2","op":"completeItem","list":"L","item":"j"}"#, on: writer)
        h.store(try #require(h.storeRequests().first), .success(.committed(Self.committed(list: "L", seq: 5))))
        #expect(h.messages(to: reader).map { $0["seq"]?.intValue } == [5])
    }

    @Test func anUnsharedUserIsToldOnEveryConnectionAndHearsNothingMore() throws {
        let h = HubHarness()
        let owner = h.open(1)
        let boPhone = h.open(2)
        let boLaptop = h.open(3)
        h.authenticate(owner, as: ana)
        h.authenticate(boPhone, as: bo)
        h.authenticate(boLaptop, as: bo)
        h.send(#"{"type":"subscribe","list":"L"}"#, on: boPhone)
        h.store(try #require(h.storeRequests().first), .success(.catchUp(CatchUp(frames: [], head: 1, replayed: 0))))
        _ = h.take()

        h.send(#"{"type":"op","opId":"o","op":"unshare","list":"L","username":"bo"}"#, on: owner)
        var delivery = Self.committed(list: "L", seq: 2).delivery!
        delivery.revokedUserID = "u-bo"
        h.store(
            try #require(h.storeRequests().first),
            .success(
                .committed(
                    CommittedEdit(
                        acknowledgement: Acknowledgement(listID: "L", seq: 2, createdID: nil), delivery: delivery
                    ))))
        #expect(h.messages(to: boPhone).map { $0["type"]?.stringValue } == ["revoked"])
        #expect(h.messages(to: boLaptop).map { $0["type"]?.stringValue } == ["revoked"])

        h.send(#"{"type":"op","opId":"o3","op":"completeItem","list":"L","item":"i"}"#, on: owner)
        h.store(try #require(h.storeRequests().first), .success(.committed(Self.committed(list: "L", seq: 3))))
        #expect(h.messages(to: boPhone).isEmpty)
    }

    @Test func aFailedCommitIsAnsweredInternalWithTheOpID() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.authenticate(c, as: ana)
        h.send(#"{"type":"op","opId":"o1","op":"completeItem","list":"L","item":"i","ref":"r"}"#, on: c)
        h.store(try #require(h.storeRequests().first), .failure(.failure("disk I/O error")))
        let reply = try #require(h.messages(to: c).first)
        #expect(reply["code"]?.stringValue == "internal")
        #expect(reply["opId"]?.stringValue == "o1")
        #expect(reply["ref"]?.stringValue == "r")
    }

    @Test func whileDrainingNewRequestsAreIgnored() {
        let h = HubHarness()
        let c = h.open(1)
        h.authenticate(c, as: ana)
        h.hub.beginDraining()
        h.send(#"{"type":"lists"}"#, on: c)
        #expect(h.take().isEmpty)
    }

    @Test func closingAConnectionForgetsItsSubscriptions() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.authenticate(c, as: ana)
        h.send(#"{"type":"subscribe","list":"L"}"#, on: c)
        h.store(try #require(h.storeRequests().first), .success(.catchUp(CatchUp(frames: [], head: 1, replayed: 0))))
        #expect(h.hub.subscriptions.subscriptionCount == 1)
        h.hub.connectionClosed(c)
        #expect(h.hub.subscriptions.subscriptionCount == 0)
        #expect(h.hub.sessions.isEmpty)
    }

    static func committed(list: ListID, seq: Int64) -> CommittedEdit {
        CommittedEdit(
            acknowledgement: Acknowledgement(listID: list, seq: seq, createdID: nil),
            delivery: EventDelivery(
                listID: list, seq: seq,
                payload: Array(#"{"type":"event","list":"\#(list)","seq":\#(seq)}"#.utf8),
                revokedUserID: nil, shared: nil
            )
        )
    }
}
