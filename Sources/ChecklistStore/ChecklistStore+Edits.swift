import ChecklistCore
import Foundation
import GRDB

extension ChecklistStore {
    /// Applies one edit inside the current batch transaction.
    ///
    /// An `opId` its author already used returns the original acknowledgement before the
    /// request is looked at, and changes nothing. Otherwise the core applies the edit to the
    /// cached state, and the changed rows, the event and the op's acknowledgement are
    /// written together; they become durable when the batch commits.
    public func apply(_ request: EditRequest, opID: String, by actor: Actor, kind: String? = nil) throws(StoreError) -> EditOutcome {
        do {
            if let ack = try acknowledgement(of: opID, by: actor.userID) { return .duplicate(ack) }
            let now = self.now
            let listID = request.listID
            var state: ChecklistState
            let applied: AppliedEdit
            switch request {
            case .createList(let id, let new):
                guard try self.state(id) == nil else {
                    throw StoreError.rejected(.conflict("the id \(id) cannot be used for a new checklist; choose a fresh UUID"))
                }
                (state, applied) = ChecklistState.create(id: id, owner: actor, new, at: now)
            case .edit(_, let edit):
                state = try visibleState(listID, for: actor.userID)
                applied = try state.apply(edit, by: actor, at: now)
            case .share(_, let username, let role):
                state = try visibleState(listID, for: actor.userID)
                try state.authorize(.share(Participant(userID: "", username: username, role: role)), by: actor.userID)
                guard let user = try account(named: username) else {
                    throw StoreError.rejected(.notFound("no user named \(username)"))
                }
                applied = try state.apply(.share(Participant(userID: user.id, username: user.username, role: role)), by: actor, at: now)
            case .unshare(_, let username):
                state = try visibleState(listID, for: actor.userID)
                applied = try state.apply(.unshare(username: username, userID: try account(named: username)?.id), by: actor, at: now)
            }
            willChange(listID)
            states[listID] = state
            let event = ChecklistEvent(
                listID: listID, seq: state.list.seq, opID: opID, kind: kind ?? request.kind, by: actor.username,
                at: now, changes: applied.changes, completion: applied.completion, item: request.subjectItem
            )
            let payload = encodeEvent(event)
            try persist(state: state, applied: applied, event: event, payload: payload, actor: actor)
            return .applied(AppliedEvent(
                event: event, payload: payload, createdID: applied.createdID, revokedUserID: applied.revokedUserID,
                sharedUserID: applied.sharedUserID
            ))
        } catch let error as StoreError {
            throw error
        } catch let error as DomainError {
            throw .rejected(error)
        } catch {
            throw failed(error)
        }
    }

    /// The original acknowledgement of an `opId` this user already used, if any.
    public func previousAcknowledgement(of opID: String, by userID: UserID) throws(StoreError) -> Acknowledgement? {
        do { return try acknowledgement(of: opID, by: userID) } catch { throw failed(error) }
    }

    func acknowledgement(of opID: String, by userID: UserID) throws -> Acknowledgement? {
        let statement = try db.cachedStatement(sql: "SELECT list_id, seq, created_id FROM applied_ops WHERE user_id = ? AND op_id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [userID, opID]) else { return nil }
        return Acknowledgement(listID: row[0], seq: row[1], createdID: row[2])
    }

    private func persist(
        state: ChecklistState, applied: AppliedEdit, event: ChecklistEvent, payload: [UInt8], actor: Actor
    ) throws {
        try db.cachedStatement(sql: RowCodec.upsertList).execute(arguments: RowCodec.arguments(state.list))
        let upsertItem = try db.cachedStatement(sql: RowCodec.upsertItem)
        for view in applied.changes.items {
            try upsertItem.execute(arguments: RowCodec.arguments(view.item, in: state.list.id))
        }
        for change in applied.changes.participants ?? [] {
            if change.role == nil, let removed = applied.revokedUserID {
                try db.cachedStatement(sql: "DELETE FROM participants WHERE list_id = ? AND user_id = ?")
                    .execute(arguments: [state.list.id, removed])
            } else if let participant = state.participants.values.first(where: { $0.username == change.username }) {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO participants (list_id, user_id, username, role) VALUES (?,?,?,?)")
                    .execute(arguments: [state.list.id, participant.userID, participant.username, participant.role.rawValue])
            }
        }
        try db.cachedStatement(sql: "INSERT INTO events (list_id, seq, payload) VALUES (?,?,?)")
            .execute(arguments: [event.listID, event.seq, Data(payload)])
        try db.cachedStatement(sql: "INSERT INTO applied_ops (user_id, op_id, list_id, seq, created_id) VALUES (?,?,?,?,?)")
            .execute(arguments: [actor.userID, event.opID, event.listID, event.seq, applied.createdID])
    }
}

extension EditRequest {
    /// The item an item edit is about, which events name so clients need not guess.
    var subjectItem: ItemID? {
        guard case .edit(_, let edit) = self else { return nil }
        return edit.subjectItem
    }

    var kind: String {
        switch self {
        case .createList: "createList"
        case .edit(_, let edit): edit.kind
        case .share: "share"
        case .unshare: "unshare"
        }
    }
}
