import ChecklistCore
import ChecklistStore
import Foundation
import Transport
import WireProtocol

/// `op` requests: the store applies and commits them; the service thread broadcasts the
/// event and acknowledges.
extension ChecklistServer {
    func perform(_ operation: OperationRequest, opID: String, by user: UserAccount, ref: String?, in session: ClientSession) {
        let actor = user.actor
        let job: @Sendable (ChecklistStore) throws(StoreError) -> CommittedEdit
        switch operation {
        case .createList(let id, let new):
            let request = EditRequest.createList(id: id ?? Self.newID(), new)
            job = { store throws(StoreError) in CommittedEdit(outcome: try store.apply(request, opID: opID, by: actor)) }
        case .edit(let list, let edit):
            job = { store throws(StoreError) in CommittedEdit(outcome: try store.apply(.edit(list, edit), opID: opID, by: actor)) }
        case .share(let list, let username, let role):
            job = { store throws(StoreError) in
                CommittedEdit(outcome: try store.apply(.share(list, username: username, role: role), opID: opID, by: actor))
            }
        case .unshare(let list, let username):
            job = { store throws(StoreError) in
                CommittedEdit(outcome: try store.apply(.unshare(list, username: username), opID: opID, by: actor))
            }
        case .quickAdd(let text, let list, let zoneName):
            guard let timeZone = TimeZone(identifier: zoneName ?? "UTC") else {
                answerReusedOpIDOrReject(session, user: user, opID: opID, error: RequestDecodingError(
                    "\"tz\" must be an IANA time zone name such as \"America/New_York\"; \(zoneName ?? "") is not one", opID: opID, ref: ref
                ))
                return
            }
            let newID = Self.newID()
            job = { store throws(StoreError) in
                CommittedEdit(outcome: try store.quickAdd(
                    text: text, defaultList: list, timeZone: timeZone, opID: opID, by: actor, newID: newID,
                    encodeParsed: JSONWriter.quickAddParsed
                ))
            }
        }
        let ticket = session.sequencer.issue()
        let connection = session.connection
        submit(job) { [self] result in
            let bytes: [UInt8]
            switch result {
            case .success(let committed):
                if let delivery = committed.delivery { broadcast(delivery) }
                let ack = committed.acknowledgement
                bytes = ServerMessage.ack(
                    opID: opID, listID: ack.listID, seq: ack.seq, createdID: ack.createdID, parsed: ack.parsed, ref: ref
                )
            case .failure(let error):
                metrics.errors += 1
                bytes = ServerMessage.error(WireError(error), opID: opID, ref: ref)
            }
            guard let session = sessions[connection] else { return }
            complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
        }
    }

    /// An `op` whose body is invalid still gets its original `ack` when its `opId` was used
    /// before: the contract checks idempotency before the body.
    func answerReusedOpIDOrReject(_ session: ClientSession, user: UserAccount, opID: String, error: RequestDecodingError) {
        let ticket = session.sequencer.issue()
        let userID = user.id
        let connection = session.connection
        let ref = error.ref
        submit({ store throws(StoreError) in try store.previousAcknowledgement(of: opID, by: userID) }) { [self] result in
            guard let session = sessions[connection] else { return }
            let bytes: [UInt8]
            if case .success(let ack?) = result {
                bytes = ServerMessage.ack(
                    opID: opID, listID: ack.listID, seq: ack.seq, createdID: ack.createdID, parsed: ack.parsed, ref: ref
                )
            } else {
                metrics.errors += 1
                bytes = ServerMessage.error(WireError(error), opID: opID, ref: ref)
            }
            complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
        }
    }

    /// Sends one committed event to every subscriber of its checklist: the same frame, encoded
    /// once. A participant the edit removed gets `revoked` on every connection first and
    /// nothing of the list after; a user it was shared with is told on every connection.
    func broadcast(_ delivery: EventDelivery) {
        let listID = delivery.listID
        metrics.editsApplied += 1
        if let removed = delivery.revokedUserID {
            let notice = OutboundFrame(text: ServerMessage.revoked(listID: listID))
            for connection in subscriptions.connectionsByUser[removed] ?? [] {
                subscriptions.unsubscribe(connection, from: listID)
                sessions[connection]?.subscriptions.remove(listID)
                transport.send(notice, to: connection)
            }
        }
        if let shared = delivery.shared {
            for connection in subscriptions.connectionsByUser[shared.userID] ?? [] { transport.send(shared.notice, to: connection) }
        }
        guard let subscribers = subscriptions.subscribers[listID] else { return }
        metrics.eventsBroadcast += 1
        metrics.deliveries += subscribers.count
        for connection in subscribers { transport.send(delivery.frame, to: connection) }
    }

    static func newID() -> String { UUID().uuidString.lowercased() }
}
