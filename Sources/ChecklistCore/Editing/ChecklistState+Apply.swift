extension ChecklistState {
    /// Makes a new checklist owned by `owner`; its log starts with this creation as `seq` 1.
    public static func create(
        id: ListID, owner: Actor, _ new: Edit.NewList, at now: Timestamp
    ) -> (state: ChecklistState, applied: AppliedEdit) {
        let list = Checklist(
            id: id, title: new.title, description: new.description, due: new.due,
            timeZone: new.timeZone ?? "UTC", isInbox: new.isInbox, kind: new.kind, sequential: new.sequential,
            goalDays: new.kind == .habits ? new.goalDays : nil, ownerID: owner.userID, createdAt: now, updatedAt: now,
            seq: 1
        )
        let state = ChecklistState(
            list: list,
            participants: [Participant(userID: owner.userID, username: owner.username, role: .owner, joinedAt: now)],
            items: []
        )
        let changes = Changes(
            list: state.summary(role: nil), items: [],
            participants: [ParticipantChange(username: owner.username, role: .owner)]
        )
        return (state, AppliedEdit(changes: changes, completion: .empty, createdID: id.rawValue, revokedUserID: nil))
    }

    /// Applies `edit` as `actor` at `now`, or throws and changes nothing.
    ///
    /// Every operation checks all its preconditions before it mutates anything, so a thrown
    /// error always leaves the state as it was (no copy of the tree is made per edit).
    /// On success the checklist's `seq` moves on by one and the result lists every object the
    /// edit changed, ancestors whose completion moved included.
    public mutating func apply(_ edit: Edit, by actor: Actor, at now: Timestamp) throws(DomainError) -> AppliedEdit {
        guard let role = role(of: actor.userID) else { throw .listNotFound(list.id) }
        try authorize(edit, role: role)
        try requireEditableStatus(for: edit)
        beginCompletionJournal()
        var recorder = EditRecorder()
        do {
            try perform(edit, by: actor, at: now, recording: &recorder)
        } catch {
            _ = endCompletionJournal()
            throw error
        }
        list.seq += 1
        list.updatedAt = now
        var changedItems = recorder.touchedItems
        let moved = endCompletionJournal().filter { !recorder.contains($0) && items[$0] != nil }
        changedItems += moved.sorted()
        // Completing or moving an item can make the next one under a sequential parent available.
        let seen = Set(changedItems)
        changedItems += Set(availabilityNeighbours(of: changedItems)).subtracting(seen).filter { items[$0] != nil }
            .sorted()
        if list.kind == .habits {
            forgetHabitLedgers(unless: recorder.checkIn, today: RepeatDue.localDate(of: now, timeZone: list.timeZone))
        }
        var summary = summary(role: nil)
        if list.kind == .habits { summary.habits = habitStatistics(at: now) }
        let changes = Changes(
            list: summary,
            items: changedItems.compactMap { view(of: $0, now: now) },
            participants: recorder.participants
        )
        return AppliedEdit(
            changes: changes, completion: listCompletion,
            createdID: recorder.createdID, revokedUserID: recorder.revokedUserID, sharedUserID: recorder.sharedUserID,
            occurrence: recorder.occurrence, checkIn: recorder.checkIn
        )
    }

    /// Whether `userID` may make `edit` at all, before anything else about it is looked at
    /// (for example before a `share`'s username is resolved).
    public func authorize(_ edit: Edit, by userID: UserID) throws(DomainError) {
        guard let role = role(of: userID) else { throw .listNotFound(list.id) }
        try authorize(edit, role: role)
    }

    private func authorize(_ edit: Edit, role: Role) throws(DomainError) {
        switch edit {
        case .cancelList, .restoreList, .share, .unshare:
            guard role.mayManageList else {
                throw .forbidden("only the owner can share, unshare, cancel or restore this checklist")
            }
        case .createList:
            throw .badRequest("createList makes a new checklist; it does not apply to an existing one")
        default:
            guard role.mayEditItems else {
                throw .forbidden("viewers cannot edit this checklist; ask the owner for the editor role")
            }
        }
    }

    /// A cancelled checklist is read-only until restored; the owner may still manage who sees it.
    private func requireEditableStatus(for edit: Edit) throws(DomainError) {
        guard list.status == .cancelled else { return }
        switch edit {
        case .restoreList, .share, .unshare, .cancelList: return
        default: throw .conflict("this checklist is cancelled; the owner must restore it before it can be edited")
        }
    }

    private mutating func perform(
        _ edit: Edit, by actor: Actor, at now: Timestamp, recording recorder: inout EditRecorder
    ) throws(DomainError) {
        switch edit {
        case .createList: break
        case .updateList(let update):
            let wasSequential = list.sequential
            try updateList(update)
            // Turning "one after another" on or off changes which open items may be completed:
            // the event carries them, so a client never shows a stale lock (or a missing one).
            if list.sequential != wasSequential {
                for id in items.keys.sorted() where items[id]?.status == .open { recorder.touch(id) }
            }
        case .completeList: try completeList(at: now)
        case .reopenList: try reopenList()
        case .cancelList: try cancelList(by: actor, at: now, recording: &recorder)
        case .restoreList: try restoreList(recording: &recorder)
        case .share(let participant): try share(with: participant, at: now, recording: &recorder)
        case .unshare(let username, let userID): try unshare(username: username, userID: userID, recording: &recorder)
        case .addItem(let new): try addItem(new, by: actor, at: now, recording: &recorder)
        case .updateItem(let id, let update): try updateItem(id, update, at: now, recording: &recorder)
        case .moveItem(let id, let parent, let placement):
            try moveItem(id, parent: parent, placement: placement, recording: &recorder)
        case .completeItem(let id): try completeItem(id, by: actor, at: now, recording: &recorder)
        case .reopenItem(let id): try reopenItem(id, recording: &recorder)
        case .cancelItem(let id): try cancelItem(id, by: actor, at: now, recording: &recorder)
        case .restoreItem(let id): try restoreItem(id, recording: &recorder)
        case .checkIn(let id, let date, let value):
            try checkIn(id, date: date, value: value, by: actor, at: now, recording: &recorder)
        case .attach(let id, let attachment): try attach(attachment, to: id, recording: &recorder)
        case .cancelAttachment(let id, let attachment):
            try setAttachment(attachment, on: id, to: .cancelled, recording: &recorder)
        case .restoreAttachment(let id, let attachment):
            try setAttachment(attachment, on: id, to: .active, recording: &recorder)
        }
    }

    func existingItem(_ id: ItemID) throws(DomainError) -> Item {
        guard let item = items[id] else { throw .itemNotFound(id) }
        return item
    }

    func openDescendantCount(of id: ItemID) -> Int {
        descendants(of: id).reduce(0) { $0 + (items[$1]?.status == .open ? 1 : 0) }
    }

    /// Keeps "done means nothing below is open": an item that becomes open re-opens its done
    /// ancestors, and a completed checklist becomes active again.
    mutating func reopenAncestors(from parent: ItemID?, recording recorder: inout EditRecorder) {
        var current = parent
        while let id = current, var ancestor = items[id] {
            if ancestor.status == .done {
                ancestor.status = .open
                ancestor.doneBy = nil
                ancestor.doneAt = nil
                replace(ancestor)
                recorder.touch(id)
            }
            current = ancestor.parent
        }
        if list.status == .completed {
            list.status = .active
            list.completedAt = nil
        }
    }
}
