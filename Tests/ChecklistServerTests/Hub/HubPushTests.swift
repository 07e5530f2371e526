@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// Web Push in the hub: requests checked before the store sees them, and fired reminders
/// handed to the wiring's push sender (`HubAction.push`), never sent from the hub itself.
@Suite struct HubPushTests {
    let ana = UserAccount(id: "u-ana", username: "ana")
    static let key = "BKey"
    /// RFC 8291's example browser keys: a valid P-256 point and a 16-byte secret.
    static let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"

    private func subscribe(_ endpoint: String, p256dh: String = p256dh, device: String = "Phone") -> String {
        #"{"type":"pushSubscribe","endpoint":"\#(endpoint)","keys":{"p256dh":"\#(p256dh)","auth":"\#(Self.auth)"},"device":"\#(device)","ref":"s"}"#
    }

    @Test func aServerWithoutAVAPIDSubjectRefusesPushRequests() {
        let h = HubHarness()
        let c = h.open(1)
        h.authenticate(c, as: ana)
        for request in [#"{"type":"pushKey"}"#, #"{"type":"devices"}"#, subscribe("https://push.example.org/1")] {
            h.send(request, on: c)
            let reply = h.messages(to: c)
            #expect(reply.map { $0["code"]?.stringValue } == ["badRequest"])
            #expect(reply.first?["message"]?.stringValue?.contains("--vapid-subject") == true)
        }
        #expect(h.storeRequests().isEmpty)
    }

    @Test func aBadSubscriptionIsRefusedBeforeTheStoreSeesIt() {
        let h = HubHarness(pushPublicKey: Self.key)
        let c = h.open(1)
        h.authenticate(c, as: ana)
        h.send(#"{"type":"pushKey","ref":"k"}"#, on: c)
        #expect(h.messages(to: c).map { $0["key"]?.stringValue } == [Self.key])
        for (request, says) in [
            (subscribe("http://push.example.org/1"), "https://"),
            (subscribe("http://127.0.0.1:9/1"), "https://"),  // loopback only behind the test flag
            (subscribe("https://192.168.1.1/1"), "address"),
            (subscribe("https://push.example.org/1", p256dh: "AAAA"), "p256dh"),
            (subscribe("https://push.example.org/1", device: " "), "device"),
        ] {
            h.send(request, on: c)
            let reply = h.messages(to: c)
            #expect(reply.map { $0["code"]?.stringValue } == ["badRequest"], "\(request)")
            #expect(reply.first?["message"]?.stringValue?.contains(says) == true, "\(reply)")
        }
        #expect(h.storeRequests().isEmpty, "nothing reaches the store")
    }

    @Test func aGoodSubscriptionIsStoredForTheSessionsUser() throws {
        let h = HubHarness(pushPublicKey: Self.key)
        let c = h.open(1)
        h.authenticate(c, as: ana)
        h.send(subscribe("https://push.example.org/1", device: "  Chromium on Linux "), on: c)
        let request = try #require(h.storeRequests().first)
        guard case .pushSubscribe(let device, let ref) = request.command else {
            Issue.record("expected pushSubscribe, got \(request.command)")
            return
        }
        #expect(ref == "s")
        #expect(device.userID == ana.id && device.device == "Chromium on Linux")
        #expect(device.endpoint == "https://push.example.org/1" && device.p256dh == Self.p256dh)
        #expect(device.created == h.wallClock && device.lastUsed == h.wallClock)
    }

    @Test func firedRemindersAreHandedToThePushSender() throws {
        for key in [Self.key, nil] {
            let h = HubHarness(pushPublicKey: key)
            h.start()
            let load = try #require(h.storeRequests().first)
            let due = ScheduledReminder.occurrence(
                ReminderOccurrence(listID: "L", itemID: "a", kind: .every, at: h.wallClock))
            h.store(load, .success(.schedule([due])))
            let fire = try #require(h.storeRequests().first)
            let phone = PushDevice(
                id: "d1", userID: ana.id, device: "Phone", endpoint: "https://push.example.org/1", p256dh: Self.p256dh,
                auth: Self.auth, created: h.wallClock, lastUsed: h.wallClock)
            var fired = FiredReminders(messages: [(ana.id, Array("{}".utf8))], fired: 1, late: 0, next: [])
            fired.pushes = [PushDelivery(device: phone, payload: Array("{}".utf8), itemID: "a")]
            h.store(fire, .success(.fired(fired)))
            let pushed = h.take().compactMap { if case .push(let deliveries) = $0 { deliveries } else { nil } }
            if key == nil {
                #expect(pushed.isEmpty, "a server without push sends none")
            } else {
                #expect(pushed.map { $0.map(\.device.id) } == [["d1"]])
            }
        }
    }
}
