extension ChecklistState {
    mutating func updateList(_ update: Edit.ListUpdate) throws(DomainError) {
        if case .set = update.goalDays, list.kind != .habits {
            throw .badRequest("a goal is for habit checklists; this one is an ordinary checklist")
        }
        if let title = update.title { list.title = title }
        list.description = update.description.applied(to: list.description)
        list.due = update.due.applied(to: list.due)
        if let timeZone = update.timeZone { list.timeZone = timeZone }
        if let sequential = update.sequential { list.sequential = sequential }
        list.goalDays = update.goalDays.applied(to: list.goalDays)
    }

    mutating func completeList(at now: Timestamp) throws(DomainError) {
        guard list.status == .active else { throw .conflict("this checklist is already completed") }
        if let refusal = openItemsRefusal() { throw refusal }
        list.status = .completed
        list.completedAt = now
    }

    /// Why the checklist cannot be completed yet, counted the way every client's header counts
    /// ("3 of 5 done": leaves that are not cancelled), so the two never disagree; then, when
    /// every such item is done, the parents still open (they do not complete by themselves).
    func openItemsRefusal() -> DomainError? {
        let completion = listCompletion
        let openLeaves = completion.total - completion.done
        if openLeaves > 0 {
            let verb = openLeaves == 1 ? "is" : "are"
            return .conflict(
                "\(openLeaves) of the \(completion.total) items \(verb) not done yet (\(completion.done) of \(completion.total) done); complete or cancel \(openLeaves == 1 ? "it" : "them") first"
            )
        }
        let openParents = items.values.filter { $0.status == .open }.sorted { $0.title < $1.title }
        guard let first = openParents.first else { return nil }
        let others = openParents.count - 1
        let names =
            others == 0
            ? "“\(first.title)” is" : "“\(first.title)” and \(others) other item\(others == 1 ? "" : "s") are"
        return .conflict(
            "every item is done, but \(names) not marked done yet; complete or cancel \(others == 0 ? "it" : "them") first"
        )
    }

    mutating func reopenList() throws(DomainError) {
        guard list.status == .completed else { throw .conflict("this checklist is not completed") }
        list.status = .active
        list.completedAt = nil
    }

    /// Cancels the checklist and every open item in it; restore undoes exactly that.
    mutating func cancelList(by actor: Actor, at now: Timestamp, recording recorder: inout EditRecorder)
        throws(DomainError)
    {
        guard !list.isInbox else { throw .badRequest("the Inbox cannot be cancelled; cancel the items in it instead") }
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

    mutating func share(with participant: Participant, at now: Timestamp, recording recorder: inout EditRecorder)
        throws(DomainError)
    {
        guard !list.isInbox else {
            throw .badRequest(
                "the Inbox is private and cannot be shared; add shared items to a checklist you share instead")
        }
        guard participant.userID != list.ownerID else {
            throw .badRequest("\(participant.username) owns this checklist and already has every right")
        }
        guard participant.role != .owner else {
            throw .badRequest("role must be \"editor\" or \"viewer\"; a checklist has one owner")
        }
        var participant = participant
        // A role change keeps the day they joined.
        participant.joinedAt = participants[participant.userID]?.joinedAt ?? now
        setParticipant(participant)
        recorder.sharedUserID = participant.userID
        recorder.participants = [ParticipantChange(username: participant.username, role: participant.role)]
    }

    mutating func unshare(username: String, userID: UserID?, recording recorder: inout EditRecorder) throws(DomainError)
    {
        guard let userID, let participant = participants[userID] else {
            throw .notFound("\(username) is not a participant of this checklist")
        }
        guard participant.role != .owner else { throw .badRequest("the owner cannot be removed from their checklist") }
        removeParticipant(userID)
        // Their assignments end with their access, in the same event.
        for id in items.keys.sorted() where items[id]?.assignee == participant.username {
            guard var item = items[id] else { continue }
            item.assignee = nil
            replace(item)
            recorder.touch(id)
        }
        recorder.participants = [ParticipantChange(username: participant.username, role: nil)]
        recorder.revokedUserID = userID
    }
}
