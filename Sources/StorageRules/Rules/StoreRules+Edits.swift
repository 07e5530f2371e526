public import ChecklistCore
public import ChecklistStore

extension StoreRules {
    /// Applies one edit inside the current batch.
    ///
    /// An `opId` its author already used returns the original acknowledgement before the
    /// request is looked at, and changes nothing. Otherwise the core applies the edit to the
    /// cached state and its event is encoded once; the event (which is also the op's
    /// acknowledgement) and the rows it changed are written with the batch, and become durable
    /// when it commits. `parsed` (a quickAdd's `parsed` object as wire JSON) is kept with the
    /// acknowledgement.
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
                try requireEditable(listID)
                applied = try states[listID]!.apply(edit, by: actor, at: now)
            case .share(_, let username, let role):
                try requireEditable(listID)
                try visibleState(listID, for: actor.userID)
                    .authorize(.share(Participant(userID: "", username: username, role: role)), by: actor.userID)
                guard let user = try account(named: username) else {
                    throw StoreError.rejected(.notFound("no user named \(username)"))
                }
                let participant = Participant(userID: user.id, username: user.username, role: role)
                applied = try states[listID]!.apply(.share(participant), by: actor, at: now)
            case .unshare(_, let username):
                try requireEditable(listID)
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
            record(state: state, applied: applied, event: event, payload: payload, parsed: parsed, actor: actor)
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

    /// An op's acknowledgement: from the batch's events not written yet, else as stored.
    func acknowledgement(of opID: String, by userID: UserID) throws(StorageFailure) -> Acknowledgement? {
        if !batch.acks.isEmpty, let ack = batch.acks[BatchChanges.OpKey(userID: userID, opID: opID)] { return ack }
        return try port.acknowledgement(of: opID, by: userID)
    }

    /// Records the edit's event and what it changed, to be written with the batch.
    private func record(
        state: ChecklistState, applied: AppliedEdit, event: ChecklistEvent, payload: [UInt8], parsed: [UInt8]?,
        actor: Actor
    ) {
        let listID = state.list.id
        batch.changed(listID, items: applied.changes.items.lazy.map(\.item.id))
        for change in applied.changes.participants ?? [] {
            if change.role == nil, let removed = applied.revokedUserID {
                batch.participants.append(.left(listID, removed))
            } else if let participant = state.participants.values.first(where: { $0.username == change.username }) {
                batch.participants.append(.joined(listID, participant))
            }
        }
        if let checkIn = applied.checkIn { batch.checkIns.append(CheckInChange(listID: listID, record: checkIn)) }
        batch.events.append(
            LoggedEvent(
                listID: listID, seq: event.seq, payload: payload, authorID: actor.userID, opID: event.opID,
                createdID: applied.createdID, parsed: parsed))
        batch.acks[BatchChanges.OpKey(userID: actor.userID, opID: event.opID)] = Acknowledgement(
            listID: listID, seq: event.seq, createdID: applied.createdID, parsed: parsed)
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
