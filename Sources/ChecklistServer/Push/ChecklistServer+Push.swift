import ChecklistCore
import ChecklistStore
import Dispatch
import Foundation
import Logging
import OutboundDelivery
import Transport
import WebPush

/// Carrying out `HubAction.push`: fired reminders become Web Push messages for the sender,
/// and the push services' answers go back to the store (a device gone, a device that took one).
///
/// Nothing here runs long on the service thread: each delivery's subscription is checked
/// (a P-256 point to read, tens of microseconds) on a queue of its own, and the sender
/// encrypts, signs and POSTs on its thread. A push service that is slow or down holds only
/// the sender's slots, never the fan-out of events or the store.
extension ChecklistServer {
    /// Made at start when the server has a `--vapid-subject`.
    static func makePushSender(
        configuration: ServerConfiguration, keys: VAPIDKeyPair,
        onOutcome: @escaping @Sendable (PushSender.Outcome) -> Void
    ) throws -> PushSender? {
        guard let subject = configuration.vapidSubject else { return nil }
        let channel = PushChannel(keys: keys, subject: try VAPIDSubject(subject))
        return PushSender(channel: channel, onOutcome: onOutcome)
    }

    func send(_ deliveries: [PushDelivery]) {
        guard let pushSender else { return }
        let allowLoopback = configuration.allowLoopbackPush
        let logger = logger
        pushPreparation.async {
            for delivery in deliveries {
                let device = delivery.device
                guard
                    let subscription = try? PushSubscription(
                        endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth,
                        allowLoopback: allowLoopback)
                else {
                    logger.warning(
                        "a stored push subscription is not usable by this server; not sent",
                        metadata: ["device": "\(device.id)"])
                    continue
                }
                let message = PushMessage(
                    subscription: subscription, payload: delivery.payload, topic: Self.topic(for: delivery.itemID),
                    reference: device.id, about: [device.userID.rawValue, delivery.itemID.rawValue])
                if !pushSender.send(message) {
                    logger.warning(
                        "the push queue is full; a reminder was not pushed", metadata: ["device": "\(device.id)"])
                }
            }
        }
    }

    /// One push's end, on the sender's thread: handed to the store or the log, never waited for.
    func pushFinished(_ outcome: PushSender.Outcome) {
        let job = outcome.job
        let endpoint = job.subscription.endpoint.absoluteString
        switch outcome {
        case .delivered:
            runOnStore(
                .pushAnswered(deviceID: job.reference, endpoint: endpoint, gone: false, at: configuration.clock()),
                then: { _ in })
            // The device took it: no mail for this reminder.
            if job.about.count == 2 {
                let (userID, itemID) = (UserID(job.about[0]), ItemID(job.about[1]))
                transport.execute { [self] in
                    hub.reminderTaken(userID: userID, itemID: itemID)
                    performHubActions()
                }
            }
        case .gone:
            logger.info("a push subscription is gone; removed", metadata: ["device": "\(job.reference)"])
            runOnStore(
                .pushAnswered(deviceID: job.reference, endpoint: endpoint, gone: true, at: configuration.clock()),
                then: { _ in })
        case .failed(_, let reason, let attempts):
            logger.warning(
                "a push was not delivered",
                metadata: ["device": "\(job.reference)", "reason": "\(reason)", "attempts": "\(attempts)"])
        }
    }

    /// RFC 8030 `Topic` (at most 32 base64url characters): the item's id without its dashes,
    /// when that fits, so a newer reminder of an item replaces one still waiting for the device.
    static func topic(for itemID: ItemID) -> String? {
        let compact = itemID.rawValue.filter { $0 != "-" }
        guard (1...32).contains(compact.count),
            compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return compact
    }
}
