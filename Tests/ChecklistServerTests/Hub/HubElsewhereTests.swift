@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// The hub's inputs for what another server on the same store committed or noticed, without
/// sockets: the same delivery as for this server's own commits.
@Suite struct HubElsewhereTests {
    let ana = UserAccount(id: "u-ana", username: "ana")
    let bo = UserAccount(id: "u-bo", username: "bo")

    /// bo subscribed to "L" on connection 2, caught up to `head`.
    func subscribed(head: Int64) throws -> (HubHarness, ConnectionID) {
        let h = HubHarness()
        let reader = h.open(2)
        h.authenticate(reader, as: bo)
        h.send(#"{"type":"subscribe","list":"L"}"#, on: reader)
        h.store(try #require(h.storeRequests().first), .success(.catchUp(CatchUp(frames: [], head: head, replayed: 0))))
        _ = h.messages(to: reader)
        return (h, reader)
    }

    static func event(_ seq: Int64) -> EventDelivery {
        HubSessionTests.committed(list: "L", seq: seq).delivery!
    }

    @Test func eventsFromElsewhereOutOfOrderAndTwiceReachASubscriberOnceInOrder() throws {
        let (h, reader) = try subscribed(head: 1)
        h.elsewhere([Self.event(2), Self.event(4), Self.event(2)])
        #expect(h.messages(to: reader).map { $0["seq"]?.intValue } == [2])
        let gap = try #require(h.storeRequests().first)
        #expect(gap.command == .events(listID: "L", after: 2, through: 3))

        h.store(gap, .success(.events([Array(#"{"type":"event","list":"L","seq":3}"#.utf8)])))
        #expect(h.messages(to: reader).map { $0["seq"]?.intValue } == [3, 4])
        h.elsewhere([Self.event(3), Self.event(5)])
        #expect(h.messages(to: reader).map { $0["seq"]?.intValue } == [5])
    }

    @Test func anEditCommittedHereAndOnesFromElsewhereShareOneOrder() throws {
        let (h, reader) = try subscribed(head: 1)
        let writer = h.open(1)
        h.authenticate(writer, as: ana)
        h.elsewhere([Self.event(2)])
        #expect(h.messages(to: reader).map { $0["seq"]?.intValue } == [2])
        h.send(#"{"type":"op","opId":"o","op":"completeItem","list":"L","item":"i"}"#, on: writer)
        let edit = try #require(h.storeRequests().first)
        h.store(edit, .success(.committed(HubSessionTests.committed(list: "L", seq: 3))))
        #expect(h.messages(to: reader).map { $0["seq"]?.intValue } == [3])
        h.elsewhere([Self.event(3), Self.event(4)])
        #expect(h.messages(to: reader).map { $0["seq"]?.intValue } == [4], "3 once, from whichever came first")
    }

    @Test func noticesFromElsewhereReachEveryConnectionOfTheirUser() throws {
        let (h, reader) = try subscribed(head: 1)
        let phone = h.open(3)
        h.authenticate(phone, as: bo, token: "phone-token")
        let other = h.open(4)
        h.authenticate(other, as: ana)

        h.noticed([.reminder(userID: "u-bo", message: Array(#"{"type":"reminder"}"#.utf8))])
        #expect(h.messages(to: reader).map { $0["type"]?.stringValue } == ["reminder"])
        #expect(h.messages(to: phone).map { $0["type"]?.stringValue } == ["reminder"])
        #expect(h.messages(to: other).isEmpty)

        h.noticed([.revoked(userID: "u-bo", listID: "L")])
        #expect(h.messages(to: reader).map { $0["type"]?.stringValue } == ["revoked"])
        #expect(h.messages(to: phone).map { $0["type"]?.stringValue } == ["revoked"], "every connection is told")
        h.elsewhere([Self.event(2)])
        #expect(h.messages(to: reader).isEmpty, "nothing of the checklist after revoked")

        h.noticed([.listShared(userID: "u-ana", message: Array(#"{"type":"listShared"}"#.utf8))])
        #expect(h.messages(to: other).map { $0["type"]?.stringValue } == ["listShared"])

        let phoneToken = try #require(h.hub.sessions[phone]?.tokenHash)
        h.noticed([.loggedOut(tokenHash: phoneToken)])
        #expect(h.messages(to: phone).map { $0["type"]?.stringValue } == ["loggedOut"])
        #expect(h.messages(to: reader).isEmpty, "another token of the same user stays signed in")
        #expect(h.hub.sessions[phone]?.user == nil)
        #expect(h.hub.sessions[reader]?.user == bo)
    }

    @Test func dismissalsSnoozesAndSettingsFromElsewhereReachEveryConnectionOfTheirUser() throws {
        let (h, reader) = try subscribed(head: 1)
        let other = h.open(4)
        h.authenticate(other, as: ana)

        h.noticed([.told(userID: "u-bo", message: Array(#"{"type":"reminderDismissed"}"#.utf8))])
        #expect(h.messages(to: reader).map { $0["type"]?.stringValue } == ["reminderDismissed"])
        #expect(h.messages(to: other).isEmpty)

        h.noticed([.settings(userID: "u-bo", timeZone: "Europe/Vienna")])
        #expect(h.hub.sessions[reader]?.user?.timeZone == "Europe/Vienna", "quick add reads the new zone")
        #expect(h.hub.sessions[other]?.user?.timeZone == "UTC")
    }

    @Test func anEventThatRevokesFromElsewhereEndsTheSubscriptionBeforeItGoesOut() throws {
        let (h, reader) = try subscribed(head: 1)
        var unshare = Self.event(2)
        unshare.revokedUserID = "u-bo"
        h.elsewhere([unshare])
        #expect(h.messages(to: reader).map { $0["type"]?.stringValue } == ["revoked"])
        #expect(h.hub.subscriptions.subscriptionCount == 0)
    }
}
