extension ChecklistState {
    mutating func updateList(_ update: Edit.ListUpdate) {
        if let title = update.title { list.title = title }
        list.description = update.description.applied(to: list.description)
        list.due = update.due.applied(to: list.due)
    }

    mutating func completeList(at now: Timestamp) throws(DomainError) {
        guard list.status == .active else { throw .conflict("this checklist is already completed") }
        let open = items.values.reduce(0) { $0 + ($1.status == .open ? 1 : 0) }
        guard open == 0 else {
            throw .conflict("\(open) \(open == 1 ? "item is" : "items are") still open; complete or cancel \(open == 1 ? "it" : "them") first")
        }
        list.status = .completed
        list.completedAt = now
    }

    mutating func reopenList() throws(DomainError) {
        guard list.status == .completed else { throw .conflict("this checklist is not completed") }
        list.status = .active
        list.completedAt = nil
    }

    /// Cancels the checklist and every open item in it; restore undoes exactly that.
    mutating func cancelList(by actor: Actor, at now: Timestamp, recording recorder: inout EditRecorder) throws(DomainError) {
        guard list.status != .cancelled else { throw .conflict("this checklist is already cancelled") }
        list.statusBeforeCancel = list.status
        list.status = .cancelled
        list.cancelledAt = now
        for id in items.keys.sorted() where items[id]?.status == .open {
            guard var item = items[id] else { continue }
            item.status = .cancelled
            item.cancelOrigin = .checklist
            item.cancelledBy = actor.username
            item.cancelledAt = now
            replace(item)
            recorder.touch(id)
        }
    }

    mutating func restoreList(recording recorder: inout EditRecorder) throws(DomainError) {
        guard list.status == .cancelled else { throw .conflict("this checklist is not cancelled") }
        list.status = list.statusBeforeCancel ?? .active
        list.statusBeforeCancel = nil
        list.cancelledAt = nil
        for id in items.keys.sorted() where items[id]?.cancelOrigin == .checklist {
            guard var item = items[id] else { continue }
            item.status = .open
            item.cancelOrigin = nil
            item.cancelledBy = nil
            item.cancelledAt = nil
            replace(item)
            recorder.touch(id)
        }
    }

    mutating func share(with participant: Participant, recording recorder: inout EditRecorder) throws(DomainError) {
        guard participant.userID != list.ownerID else {
            throw .badRequest("\(participant.username) owns this checklist and already has every right")
        }
        guard participant.role != .owner else {
            throw .badRequest("role must be \"editor\" or \"viewer\"; a checklist has one owner")
        }
        setParticipant(participant)
        recorder.sharedUserID = participant.userID
        recorder.participants = [ParticipantChange(username: participant.username, role: participant.role)]
    }

    mutating func unshare(username: String, userID: UserID?, recording recorder: inout EditRecorder) throws(DomainError) {
        guard let userID, let participant = participants[userID] else {
            throw .notFound("\(username) is not a participant of this checklist")
        }
        guard participant.role != .owner else { throw .badRequest("the owner cannot be removed from their checklist") }
        removeParticipant(userID)
        recorder.participants = [ParticipantChange(username: participant.username, role: nil)]
        recorder.revokedUserID = userID
    }
}
