import Foundation
import LoopbackTestSupport
import OutboundDelivery
import Testing
import WebPush

/// The sender against `push_service.py`: every body decrypted by the independent `http-ece`,
/// every VAPID header verified by `py-vapid`, answers scripted per subscription.
@Suite(.serialized) final class PushSenderInteropTests {
    let service: PushServiceProcess
    let keys = VAPIDKeyPair.generate()
    let subject: VAPIDSubject
    let outcomes = ReportLog<DeliveryOutcome<PushMessage>>()

    init() throws {
        service = try PushServiceProcess()
        subject = try VAPIDSubject("mailto:ops@checkwire.test")
    }

    /// Short delays, so retries take milliseconds; the rules are the production ones.
    func sender(
        attempts: Int = 4, capacity: Int = 10_000,
        transfers: TransferLoop.Configuration = TransferLoop.Configuration(timeout: .seconds(60))
    ) -> PushSender {
        let outcomes = self.outcomes
        return PushSender(
            channel: PushChannel(keys: keys, subject: subject),
            configuration: DeliveryConfiguration(
                retry: RetryPolicy(
                    attempts: attempts, firstDelay: .milliseconds(50), longestDelay: .milliseconds(200),
                    longestRetryAfter: .seconds(5)),
                capacity: capacity, transfers: transfers),
            onOutcome: outcomes.record)
    }

    @Test func messagesArriveEncryptedAndSigned_asThePythonServiceReadsThem() throws {
        let sender = sender()
        defer { sender.stop() }
        let subscriptions = try (0..<3).map { _ in try service.subscribe() }
        for (index, subscription) in subscriptions.enumerated() {
            let payload =
                #"{"type":"reminder","list":"L","item":"I\#(index)","kind":"before","at":"2027-03-12T09:00:00Z","late":false,"title":"Révision — 数学"}"#
            sender.send(
                PushMessage(
                    subscription: subscription, payload: Array(payload.utf8), timeToLive: .seconds(3_600),
                    urgency: .high, topic: "item-I\(index)", reference: "r\(index)"))
        }
        let ended = outcomes.wait(for: 3)
        #expect(ended.count == 3)
        for outcome in ended {
            guard case .delivered(_, let attempts) = outcome else {
                Issue.record("not delivered: \(outcome)")
                continue
            }
            #expect(attempts == 1)
        }
        #expect(Set(ended.map(\.job.reference)) == ["r0", "r1", "r2"])
        for (index, subscription) in subscriptions.enumerated() {
            let received = try service.messages(for: subscription)
            #expect(received.count == 1)
            guard let message = received.first else { continue }
            #expect(message["problems"] as? [String] == [])
            #expect((message["payload"] as? String)?.contains(#""item":"I\#(index)""#) == true)
            #expect((message["payload"] as? String)?.contains("Révision — 数学") == true)
            #expect(message["contentEncoding"] as? String == "aes128gcm")
            #expect(message["recordSize"] as? Int == 4_096)
            #expect(message["ttl"] as? String == "3600")
            #expect(message["urgency"] as? String == "high")
            #expect(message["topic"] as? String == "item-I\(index)")
            #expect(message["vapidKey"] as? String == keys.publicKeyBase64URL)
            let claims = message["claims"] as? [String: Any]
            #expect(claims?["aud"] as? String == service.origin)
            #expect(claims?["sub"] as? String == "mailto:ops@checkwire.test")
            let expires = Double(claims?["exp"] as? Int ?? 0)
            #expect(expires > Date().timeIntervalSince1970 + 11 * 3_600)
            #expect(expires <= Date().timeIntervalSince1970 + 24 * 3_600)
        }
        #expect(sender.counts.delivered == 3 && sender.counts.pending == 0)
    }

    @Test(arguments: [404, 410])
    func anEndpointThatIsGoneIsReportedOnce_notRetried(status: Int) throws {
        let sender = sender()
        defer { sender.stop() }
        let subscription = try service.subscribe()
        try service.script(subscription, [["status": status]])
        sender.send(PushMessage(subscription: subscription, payload: Array("x".utf8), reference: "gone"))
        let ended = outcomes.wait(for: 1)
        guard case .gone(let message) = ended.first else {
            Issue.record("expected gone, got \(ended)")
            return
        }
        #expect(message.reference == "gone")
        #expect(try service.messages(for: subscription).count == 1)
        #expect(sender.counts.gone == 1 && sender.counts.retried == 0)
    }

    @Test func tooManyRequestsIsRetriedAfterRetryAfter() throws {
        let sender = sender()
        defer { sender.stop() }
        let subscription = try service.subscribe()
        try service.script(subscription, [["status": 429, "retry_after": "1"]])
        sender.send(PushMessage(subscription: subscription, payload: Array("hello".utf8)))
        let ended = outcomes.wait(for: 1)
        guard case .delivered(_, let attempts) = ended.first else {
            Issue.record("expected delivered, got \(ended)")
            return
        }
        #expect(attempts == 2)
        let received = try service.messages(for: subscription)
        #expect(received.map { $0["answered"] as? Int } == [429, 201])
        #expect(received.allSatisfy { ($0["problems"] as? [String]) == [] })
        // The second attempt waited the second the service asked for.
        let first = received[0]["receivedAt"] as! Double
        let second = received[1]["receivedAt"] as! Double
        #expect(second - first >= 0.95)
        #expect(sender.counts.retried == 1)
    }

    @Test func serverErrorsAreRetriedWithBackoff_thenGivenUpAfterTheLastAttempt() throws {
        let sender = sender(attempts: 3)
        defer { sender.stop() }
        let recovers = try service.subscribe()
        let broken = try service.subscribe()
        try service.script(recovers, [["status": 503], ["status": 500]])
        try service.script(broken, [["status": 500], ["status": 502], ["status": 503], ["status": 201]])
        sender.send(PushMessage(subscription: recovers, payload: Array("a".utf8), reference: "recovers"))
        sender.send(PushMessage(subscription: broken, payload: Array("b".utf8), reference: "broken"))
        let ended = outcomes.wait(for: 2)
        let byReference = Dictionary(uniqueKeysWithValues: ended.map { ($0.job.reference, $0) })
        guard case .delivered(_, 3) = byReference["recovers"] else {
            Issue.record("recovers: \(String(describing: byReference["recovers"]))")
            return
        }
        guard case .failed(_, let reason, 3) = byReference["broken"] else {
            Issue.record("broken: \(String(describing: byReference["broken"]))")
            return
        }
        #expect(reason.contains("503"))
        #expect(try service.messages(for: broken).count == 3)
        #expect(sender.counts.failed == 1 && sender.counts.delivered == 1 && sender.counts.retried == 4)
    }

    @Test func otherClientErrorsAreNotRetried() throws {
        let sender = sender()
        defer { sender.stop() }
        let subscription = try service.subscribe()
        try service.script(subscription, [["status": 413]])
        sender.send(PushMessage(subscription: subscription, payload: Array("x".utf8)))
        guard case .failed(_, let reason, 1) = outcomes.wait(for: 1).first else {
            Issue.record("expected one failed attempt: \(outcomes.all)")
            return
        }
        #expect(reason.contains("413"))
    }

    /// One endpoint holds its request open; the other hundred are delivered meanwhile, and the
    /// held one still ends (delivered once released).
    @Test func aHangingEndpointDelaysNoOther() throws {
        let sender = sender()
        defer { sender.stop() }
        let hanging = try service.subscribe()
        try service.script(hanging, [["hang": true]])
        let others = try (0..<100).map { _ in try service.subscribe() }
        sender.send(PushMessage(subscription: hanging, payload: Array("slow".utf8), reference: "hanging"))
        _ = try service.wait(for: hanging)
        for (index, subscription) in others.enumerated() {
            sender.send(PushMessage(subscription: subscription, payload: Array("fast".utf8), reference: "\(index)"))
        }
        let delivered = outcomes.wait(for: 100)
        #expect(delivered.count == 100)
        #expect(!delivered.contains { $0.job.reference == "hanging" })
        #expect(delivered.allSatisfy { if case .delivered = $0 { true } else { false } })
        try service.release(hanging)
        let all = outcomes.wait(for: 101)
        guard case .delivered = all.last, all.last?.job.reference == "hanging" else {
            Issue.record("the held message: \(String(describing: all.last))")
            return
        }
    }

    @Test func aTimedOutRequestIsRetried() throws {
        let sender = sender(transfers: TransferLoop.Configuration(timeout: .milliseconds(500)))
        defer { sender.stop() }
        let subscription = try service.subscribe()
        try service.script(subscription, [["hang": true]])
        sender.send(PushMessage(subscription: subscription, payload: Array("x".utf8)))
        guard case .delivered(_, 2) = outcomes.wait(for: 1).first else {
            Issue.record("expected delivery on the second attempt: \(outcomes.all)")
            return
        }
        #expect(sender.counts.retried == 1)
    }

    @Test func aFullQueueRefusesAndCounts() throws {
        let sender = sender(capacity: 2)
        defer { sender.stop() }
        let subscription = try service.subscribe()
        try service.script(subscription, [["hang": true], ["hang": true]])
        #expect(sender.send(PushMessage(subscription: subscription, payload: [1])))
        #expect(sender.send(PushMessage(subscription: subscription, payload: [2])))
        #expect(!sender.send(PushMessage(subscription: subscription, payload: [3])))
        #expect(sender.counts.rejected == 1 && sender.counts.pending == 2)
        try service.release(subscription)
        #expect(outcomes.wait(for: 2).count == 2)
        #expect(sender.counts.pending == 0)
        #expect(sender.send(PushMessage(subscription: subscription, payload: [4])))
        #expect(outcomes.wait(for: 3).count == 3)
    }

    @Test func aPushServiceThatIsDownFailsAfterItsAttempts() throws {
        let sender = sender(attempts: 2)
        defer { sender.stop() }
        let port = LoopbackPort.free()
        let nowhere = try PushSubscription(
            endpoint: "http://127.0.0.1:\(port)/push/1", p256dh: service.subscribe().p256dh.base64URL,
            auth: Base64URL.encode([UInt8](repeating: 1, count: 16)), allowLoopback: true)
        sender.send(PushMessage(subscription: nowhere, payload: [1]))
        guard case .failed(_, let reason, 2) = outcomes.wait(for: 1).first else {
            Issue.record("expected failed after 2 attempts: \(outcomes.all)")
            return
        }
        #expect(reason.contains("connect"))
    }

    @Test func aMessageThatCannotBeMadeFailsWithoutAnAttempt() throws {
        let sender = sender()
        defer { sender.stop() }
        let subscription = try service.subscribe()
        sender.send(PushMessage(subscription: subscription, payload: [UInt8](repeating: 0, count: 5_000)))
        sender.send(PushMessage(subscription: subscription, payload: [1], topic: "not a topic!"))
        let ended = outcomes.wait(for: 2)
        let reasons = ended.compactMap { if case .failed(_, let reason, 0) = $0 { reason } else { nil } }
        #expect(reasons.count == 2)
        #expect(reasons.contains { $0.contains("at most") })
        #expect(reasons.contains { $0.contains("topic") })
        #expect(try service.messages(for: subscription).isEmpty)
    }

    @Test func stoppingEndsWhatIsHeldAsFailed() throws {
        let sender = sender()
        let subscription = try service.subscribe()
        try service.script(subscription, [["hang": true]])
        sender.send(PushMessage(subscription: subscription, payload: [1]))
        _ = try service.wait(for: subscription)
        sender.stop()
        guard case .failed(_, let reason, _) = outcomes.wait(for: 1).first else {
            Issue.record("expected failed: \(outcomes.all)")
            return
        }
        #expect(reason == "the sender stopped")
        // A message sent after the stop ends the same way, at once.
        sender.send(PushMessage(subscription: subscription, payload: [2], reference: "late"))
        guard case .failed(let late, "the sender stopped", 0)? = outcomes.wait(for: 2).last else {
            Issue.record("expected the late message failed: \(outcomes.all)")
            return
        }
        #expect(late.reference == "late")
    }
}

extension PushSenderInteropTests {
    /// `stop` from an outcome runs on the delivery thread itself: it must not wait for its own end.
    @Test func stoppingFromAnOutcomeDoesNotWaitForItself() throws {
        let holder = SenderHolder()
        let outcomes = self.outcomes
        let sender = PushSender(channel: PushChannel(keys: keys, subject: subject)) { outcome in
            holder.sender?.stop()
            outcomes.record(outcome)
        }
        holder.sender = sender
        sender.send(PushMessage(subscription: try service.subscribe(), payload: [1]))
        guard case .delivered = outcomes.wait(for: 1).first else {
            Issue.record("expected delivered: \(outcomes.all)")
            return
        }
        holder.sender = nil
    }
}

/// Lets an outcome reach its own sender.
// @unchecked Sendable: set before the first send, read on the delivery thread after.
final class SenderHolder: @unchecked Sendable {
    var sender: PushSender?
}

extension [UInt8] {
    var base64URL: String { Base64URL.encode(self) }
}

extension PushServiceProcess {
    /// Waits until a request for `subscription` has arrived (a hanging one included).
    func wait(for subscription: PushSubscription, timeout: TimeInterval = 60) throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let received = try messages(for: subscription)
            if !received.isEmpty { return received }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw PythonTestServerError("nothing arrived for \(subscription.endpoint)")
    }
}
