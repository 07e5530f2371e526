import ChecklistCore
import ChecklistStore
import Foundation
import Transport
import WireProtocol

/// `op` requests: the store applies and commits them; the service thread broadcasts the
/// event and acknowledges.
extension ChecklistServer {
    func perform(_ operation: OperationRequest, opID: String, by user: UserAccount, ref: String?, in session: ClientSession) {
        let request: EditRequest
        switch operation {
        case .createList(let new): request = .createList(id: UUID().uuidString.lowercased(), new)
        case .edit(let list, let edit): request = .edit(list, edit)
        case .share(let list, let username, let role): request = .share(list, username: username, role: role)
        case .unshare(let list, let username): request = .unshare(list, username: username)
        case .quickAdd:
            reject(session, WireError(.badRequest, "quickAdd is not available on this server yet; use addItem"), opID: opID, ref: ref)
            return
        }
        let ticket = session.sequencer.issue()
        let actor = user.actor
        let connection = session.connection
        submit({ store throws(StoreError) -> CommittedEdit in
            let outcome = try store.apply(request, opID: opID, by: actor)
            return CommittedEdit(outcome: outcome)
        }) { [self] result in
            switch result {
            case .success(let committed):
                if case .applied(let applied) = committed.outcome, let frame = committed.frame {
                    broadcast(applied, frame: frame)
                }
                let ack = committed.outcome.acknowledgement
                let bytes = ServerMessage.ack(opID: opID, listID: ack.listID, seq: ack.seq, createdID: ack.createdID, ref: ref)
                guard let session = sessions[connection] else { return }
                complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
            case .failure(let error):
                metrics.errors += 1
                let bytes = ServerMessage.error(WireError(error), opID: opID, ref: ref)
                guard let session = sessions[connection] else { return }
                complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
            }
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
                bytes = ServerMessage.ack(opID: opID, listID: ack.listID, seq: ack.seq, createdID: ack.createdID, ref: ref)
            } else {
                metrics.errors += 1
                bytes = ServerMessage.error(WireError(error), opID: opID, ref: ref)
            }
            complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
        }
    }

    /// Sends one committed event to every subscriber of its checklist: the same frame, encoded
    /// once. A participant the edit removed gets `revoked` first and nothing of the list after.
    func broadcast(_ applied: AppliedEvent, frame: OutboundFrame) {
        let listID = applied.event.listID
        metrics.editsApplied += 1
        if let removed = applied.revokedUserID {
            for connection in subscriptions.connectionsByUser[removed] ?? [] {
                guard let session = sessions[connection] else { continue }
                subscriptions.unsubscribe(connection, from: listID)
                if session.subscriptions.remove(listID) != nil {
                    send(ServerMessage.revoked(listID: listID), to: connection)
                }
            }
        }
        guard let subscribers = subscriptions.subscribers[listID] else { return }
        metrics.eventsBroadcast += 1
        metrics.deliveries += subscribers.count
        for connection in subscribers { transport.send(frame, to: connection) }
    }
}

/// An edit's outcome with its event already framed, off the service thread.
struct CommittedEdit: Sendable {
    var outcome: EditOutcome
    var frame: OutboundFrame?

    init(outcome: EditOutcome) {
        self.outcome = outcome
        if case .applied(let applied) = outcome { frame = OutboundFrame(text: applied.payload) } else { frame = nil }
    }
}
