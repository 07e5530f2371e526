import ChecklistCore
import ChecklistStore
import Foundation
import Transport
import WireProtocol
import CoreMetrics

/// `op` requests: the store applies and commits them; the event is broadcast and the author
/// acknowledged when the commit's reply comes back.
extension Hub {
    func perform(
        _ operation: OperationRequest, opID: String, by user: UserAccount, ref: String?, in session: HubSession
    ) {
        let actor = user.actor
        let command: StoreCommand
        switch operation {
        case .createList(let id, let new):
            command = .apply(.createList(id: id ?? ListID(newID()), new), opID: opID, actor: actor)
        case .edit(let list, let edit):
            command = .apply(.edit(list, edit), opID: opID, actor: actor)
        case .share(let list, let username, let role):
            command = .apply(.share(list, username: username, role: role), opID: opID, actor: actor)
        case .unshare(let list, let username):
            command = .apply(.unshare(list, username: username), opID: opID, actor: actor)
        case .quickAdd(let text, let list, let zoneName):
            // The decoder checked the name; without one, the user's own zone.
            let timeZone = TimeZone(identifier: zoneName ?? user.timeZone) ?? TimeZone(identifier: "UTC")!
            command = .quickAdd(
                text: text, defaultList: list, timeZone: timeZone, opID: opID, actor: actor, newID: ItemID(newID()))
        }
        let ticket = session.replies.issue()
        runStore(command, then: .edit(session.connection, ticket: ticket, ref: ref, opID: opID))
    }

    /// An `op` whose body is invalid still gets its original `ack` when its `opId` was used
    /// before: the contract checks idempotency before the body.
    func answerReusedOpIDOrReject(_ session: HubSession, user: UserAccount, opID: String, error: RequestDecodingError) {
        let ticket = session.replies.issue()
        runStore(
            .previousAcknowledgement(opID: opID, userID: user.id),
            then: .reusedOpID(session.connection, ticket: ticket, ref: error.ref, opID: opID, error: WireError(error))
        )
    }

    func editCommitted(
        _ result: Result<StoreReply, StoreError>, session: HubSession?, ticket: UInt64, ref: String?, opID: String
    ) {
        let message: [UInt8]
        switch result {
        case .success(.committed(let committed)):
            if let delivery = committed.delivery {
                broadcast(delivery)
                if let session { paceWriter(session, editing: delivery.listID) }
            }
            schedule(committed.reminders)
            let ack = committed.acknowledgement
            message = ServerMessage.ack(
                opID: opID, listID: ack.listID, seq: ack.seq, createdID: ack.createdID, parsed: ack.parsed, ref: ref)
        case .success:
            message = errorMessage(.failure("unexpected store reply to an edit"), opID: opID, ref: ref)
        case .failure(let error):
            message = errorMessage(error, opID: opID, ref: ref)
        }
        guard let session else { return }
        complete(session, ticket: ticket, .message(message))
    }

    func reusedOpIDAnswered(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?, opID: String,
        error: WireError
    ) {
        let message: [UInt8]
        if case .success(.acknowledgement(let ack?)) = result {
            message = ServerMessage.ack(
                opID: opID, listID: ack.listID, seq: ack.seq, createdID: ack.createdID, parsed: ack.parsed, ref: ref)
        } else {
            metrics.errors.increment()
            message = ServerMessage.error(error, opID: opID, ref: ref)
        }
        complete(session, ticket: ticket, .message(message))
    }

    /// Sends one event this server committed to every subscriber of its checklist: the same
    /// frame, encoded once, in `seq` order (`deliver`). A participant the edit removed gets
    /// `revoked` on every connection first and nothing of the list after; a user it was shared
    /// with is told on every connection.
    func broadcast(_ delivery: EventDelivery) {
        metrics.editsApplied.increment()
        deliver(delivery)
    }
}
