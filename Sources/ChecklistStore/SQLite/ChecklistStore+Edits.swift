public import ChecklistCore
import Foundation
import GRDB

extension ChecklistStore {
    /// Applies one edit inside the current batch transaction.
    ///
    /// An `opId` its author already used returns the original acknowledgement before the
    /// request is looked at, and changes nothing. Otherwise the core applies the edit to the
    /// cached state, and the changed rows and the event are written together; the event's
    /// row is also the op's acknowledgement, and they become durable when the batch commits.
    /// `parsed` (a quickAdd's `parsed` object as wire JSON) is kept with the acknowledgement.
    public func apply(
        _ request: EditRequest, opID: String, by actor: Actor, kind: String? = nil, parsed: [UInt8]? = nil
    ) throws(StoreError) -> EditOutcome {
        do {
            if let ack = try acknowledgement(of: opID, by: actor.userID) { return .duplicate(ack) }
            let now = self.now
            let listID = request.listID
            // An Inbox is part of the account, never refused for the lists limit.
            if !request.createsInbox { try checkLimits(before: request, by: actor.userID) }
            let applied: AppliedEdit
            // Edits mutate the cached state in place (`states[listID]!`): a local copy kept
            // while mutating would share storage with the cache and copy the whole tree.
            switch request {
            case .createList(let id, var new):
                guard try self.state(id) == nil else {
                    throw StoreError.rejected(
                        .conflict("the id \(id) cannot be used for a new checklist; choose a fresh UUID"))
                }
                if new.timeZone == nil { new.timeZone = try account(id: actor.userID)?.timeZone }
                let created = ChecklistState.create(id: id, owner: actor, new, at: now)
                states[id] = created.state
                applied = created.applied
            case .edit(_, let edit):
                try requireCached(listID)
                applied = try states[listID]!.apply(edit, by: actor, at: now)
            case .share(_, let username, let role):
                try visibleState(listID, for: actor.userID)
                    .authorize(.share(Participant(userID: "", username: username, role: role)), by: actor.userID)
                guard let user = try account(named: username) else {
                    throw StoreError.rejected(.notFound("no user named \(username)"))
                }
                let participant = Participant(userID: user.id, username: user.username, role: role)
                applied = try states[listID]!.apply(.share(participant), by: actor, at: now)
            case .unshare(_, let username):
                _ = try visibleState(listID, for: actor.userID)
                let userID = try account(named: username)?.id
                applied = try states[listID]!.apply(.unshare(username: username, userID: userID), by: actor, at: now)
            }
            let state = states[listID]!
            let event = ChecklistEvent(
                listID: listID, seq: state.list.seq, opID: opID, kind: kind ?? request.kind, by: actor.username,
                at: now, changes: applied.changes, completion: applied.completion, item: request.subjectItem,
                occurrence: applied.occurrence, checkIn: applied.checkIn
            )
            let payload = encodeEvent(event)
            try persist(state: state, applied: applied, event: event, payload: payload, parsed: parsed, actor: actor)
            recordUsage(of: request, payloadBytes: payload.count, by: actor.userID)
            return .applied(
                AppliedEvent(
                    event: event, payload: payload, createdID: applied.createdID, parsed: parsed,
                    revokedUserID: applied.revokedUserID, sharedUserID: applied.sharedUserID,
                    reminders: reminderChanges(in: state, applied: applied, request: request, now: now)
                ))
        } catch {
            throw storeError(error)
        }
    }

    /// The original acknowledgement of an `opId` this user already used, if any.
    public func previousAcknowledgement(of opID: String, by userID: UserID) throws(StoreError) -> Acknowledgement? {
        do { return try acknowledgement(of: opID, by: userID) } catch { throw failed(error) }
    }

    func acknowledgement(of opID: String, by userID: UserID) throws -> Acknowledgement? {
        let find = try statements().findOp
        find.bind(1, userID)
        find.bind(2, opID)
        return try find.first { row in
            Acknowledgement(
                listID: ListID(row.text(0) ?? ""), seq: row.int64(1), createdID: row.text(2),
                parsed: row.optionalBlob(3))
        }
    }

    /// Writes the edit's event now (its row is also the op's acknowledgement), and marks the
    /// rows it changed for `writeChangedRows` at the end of the batch. Participant rows are
    /// written now: they change rarely and the reads of who takes part go to the table.
    private func persist(
        state: ChecklistState, applied: AppliedEdit, event: ChecklistEvent, payload: [UInt8], parsed: [UInt8]?,
        actor: Actor
    ) throws {
        let listID = state.list.id
        changedLists.insert(listID)
        if !applied.changes.items.isEmpty {
            changedItems[listID, default: []].formUnion(applied.changes.items.lazy.map(\.item.id))
        }
        if applied.changes.participants?.isEmpty == false {
            // Participant rows reference the list row, which a new checklist does not have yet.
            try db.cachedStatement(sql: RowCodec.upsertList).execute(arguments: RowCodec.arguments(state.list))
        }
        for change in applied.changes.participants ?? [] {
            if change.role == nil, let removed = applied.revokedUserID {
                try db.cachedStatement(sql: "DELETE FROM participants WHERE list_id = ? AND user_id = ?")
                    .execute(arguments: [listID, removed])
                planning?.participation(of: removed, in: listID, reads: false)
            } else if let participant = state.participants.values.first(where: { $0.username == change.username }) {
                try db.cachedStatement(
                    sql:
                        "INSERT OR REPLACE INTO participants (list_id, user_id, username, role, joined_at) VALUES (?,?,?,?,?)"
                )
                .execute(arguments: [
                    listID, participant.userID, participant.username, participant.role.rawValue,
                    participant.joinedAt?.milliseconds,
                ])
                planning?.participation(of: participant.userID, in: listID, reads: true)
            }
        }
        if let checkIn = applied.checkIn {
            if let value = checkIn.value {
                try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO check_ins (list_id, item_id, username, date, value) VALUES (?,?,?,?,?)"
                )
                .execute(arguments: [
                    listID, checkIn.itemID, checkIn.username, checkIn.date.description, value.rawValue,
                ])
            } else {
                try db.cachedStatement(
                    sql: "DELETE FROM check_ins WHERE list_id = ? AND item_id = ? AND username = ? AND date = ?"
                )
                .execute(arguments: [listID, checkIn.itemID, checkIn.username, checkIn.date.description])
            }
        }
        let statements = try statements()
        statements.insertEvent.bind(1, event.listID)
        statements.insertEvent.bind(2, event.seq)
        statements.insertEvent.bind(3, payload)
        statements.insertEvent.bind(4, actor.userID)
        statements.insertEvent.bind(5, event.opID)
        statements.insertEvent.bind(6, applied.createdID)
        statements.insertEvent.bind(7, parsed)
        try statements.insertEvent.execute()
    }
}

extension EditRequest {
    var createsInbox: Bool {
        if case .createList(_, let new) = self { return new.isInbox }
        return false
    }

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
