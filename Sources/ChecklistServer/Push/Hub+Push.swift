import ChecklistCore
import ChecklistStore
import WebPush
import WireProtocol

/// The requests about devices that take Web Push, and the hand-off of fired reminders to the
/// push sender. The hub checks a subscription (`PushSubscription`: https, a push service's
/// host, a P-256 key and a 16-byte secret) before the store sees it, so a bad one changes
/// nothing; sending is the wiring's (`HubAction.push`), on the sender's own thread.
extension Hub {
    func handlePush(_ body: Request.Body, ref: String?, in session: HubSession) {
        guard let user = authenticatedUser(session, ref: ref) else { return }
        guard let key = configuration.pushPublicKey else {
            reject(session, .pushNotConfigured, ref: ref)
            return
        }
        switch body {
        case .pushKey:
            let ticket = session.replies.issue()
            complete(session, ticket: ticket, .message(ServerMessage.pushKey(key, ref: ref)))
        case .pushSubscribe(let endpoint, let p256dh, let auth, let device):
            do throws(PushSubscriptionError) {
                _ = try PushSubscription(
                    endpoint: endpoint, p256dh: p256dh, auth: auth, allowLoopback: configuration.allowLoopbackPush)
            } catch {
                reject(session, WireError(error), ref: ref)
                return
            }
            let now = wallClock()
            let ticket = session.replies.issue()
            runStore(
                .pushSubscribe(
                    PushDevice(
                        id: newID(), userID: user.id, device: device, endpoint: endpoint, p256dh: p256dh, auth: auth,
                        created: now, lastUsed: now), ref: ref),
                then: .encodedReply(session.connection, ticket: ticket, ref: ref))
        case .devices:
            let ticket = session.replies.issue()
            runStore(
                .pushDevices(userID: user.id, ref: ref),
                then: .encodedReply(session.connection, ticket: ticket, ref: ref))
        case .pushUnsubscribe(let id):
            let ticket = session.replies.issue()
            runStore(
                .pushUnsubscribe(id: id, userID: user.id, ref: ref),
                then: .encodedReply(session.connection, ticket: ticket, ref: ref))
        default:
            break
        }
    }

    /// Fired reminders to the devices that take push: the wiring hands them to the sender.
    func push(_ deliveries: [PushDelivery]) {
        guard configuration.pushPublicKey != nil, !deliveries.isEmpty else { return }
        actions.append(.push(deliveries))
    }
}
