extension ChecklistState {
    mutating func addItem(
        _ new: Edit.NewItem, by actor: Actor, at now: Timestamp, recording recorder: inout EditRecorder
    ) throws(DomainError) {
        guard items[new.id] == nil else {
            throw .conflict("an item with id \(new.id) already exists in this checklist")
        }
        if let parentID = new.parent {
            _ = try existingItem(parentID)
            if let cancelled = cancelledAncestorOrSelf(of: parentID) {
                throw .conflict("“\(cancelled.title)” is cancelled; restore it before adding items under it")
            }
        }
        if let assignee = new.assignee { try requireParticipant(named: assignee) }
        let slot = try position(under: new.parent, placement: new.placement, moving: nil)
        applyRenumbering(slot.renumbered, recording: &recorder)
        var item = Item(
            id: new.id, parent: new.parent, position: slot.position, title: new.title, notes: new.notes,
            due: new.due, location: new.location, remindEvery: new.remindEvery,
            remindEverySince: new.remindEvery == nil ? nil : now, remindBefore: new.remindBefore,
            assignee: new.assignee.flatMap(participantUsername(matching:)),
            createdBy: actor.username, createdAt: now
        )
        item.repeatRule = new.repeatRule
        item.sequential = new.sequential
        item.availableFrom = new.availableFrom
        if list.kind == .habits {
            // Every habit repeats (daily unless told otherwise) and may start up to a year back,
            // so a habit kept on paper can be entered.
            if item.repeatRule == nil { item.repeatRule = RepeatRule(frequency: .daily) }
            if let due = item.due {
                let earliest = RepeatDue.localDate(of: now, timeZone: list.timeZone).addingDays(-Self.habitDaysBack)
                guard RepeatDue.localDate(of: due, timeZone: list.timeZone) >= earliest else {
                    throw .badRequest(
                        "a habit may start at most \(Self.habitDaysBack) days back (\(earliest) or later)")
                }
            }
        }
        startRepeating(&item, at: now)
        insert(item)
        recorder.touch(new.id)
        recorder.createdID = new.id.rawValue
        reopenAncestors(from: new.parent, recording: &recorder)
    }

    mutating func updateItem(
        _ id: ItemID, _ update: Edit.ItemUpdate, at now: Timestamp, recording recorder: inout EditRecorder
    ) throws(DomainError) {
        var item = try existingItem(id)
        if case .set(let assignee) = update.assignee { try requireParticipant(named: assignee) }
        if list.kind == .habits, update.repeatRule == .clear {
            throw .badRequest("every item of a habit checklist repeats; give it another rule instead of null")
        }
        if let title = update.title { item.title = title }
        item.notes = update.notes.applied(to: item.notes)
        item.due = update.due.applied(to: item.due)
        item.location = update.location.applied(to: item.location)
        item.remindEvery = update.remindEvery.applied(to: item.remindEvery)
        // Setting the interval again restarts its count from now (the contract's `t0`).
        switch update.remindEvery {
        case .set: item.remindEverySince = now
        case .clear: item.remindEverySince = nil
        case .unchanged: break
        }
        item.remindBefore = update.remindBefore.applied(to: item.remindBefore)
        item.assignee = update.assignee.applied(to: item.assignee).flatMap(participantUsername(matching:))
        item.repeatRule = update.repeatRule.applied(to: item.repeatRule)
        if let sequential = update.sequential { item.sequential = sequential }
        item.availableFrom = update.availableFrom.applied(to: item.availableFrom)
        // A new rule or a new due starts the count again from the (new) first occurrence.
        if update.repeatRule != .unchanged || update.due != .unchanged { startRepeating(&item, at: now) }
        replace(item)
        recorder.touch(id)
        // Whether its sub-items may be completed can change with either, both ways (a parent
        // that stops being sequential frees its children): the event carries them all.
        if update.sequential != nil || update.availableFrom != .unchanged {
            for descendant in descendants(of: id) { recorder.touch(descendant) }
        }
    }

    mutating func moveItem(
        _ id: ItemID, parent: FieldChange<ItemID>, placement: Placement, recording recorder: inout EditRecorder
    ) throws(DomainError) {
        var item = try existingItem(id)
        let newParent = parent.applied(to: item.parent)
        if let newParent {
            guard newParent != id, !ancestorsIncludingSelf(of: newParent).contains(id) else {
                throw .badRequest("cannot move an item under itself or one of its own sub-items")
            }
            _ = try existingItem(newParent)
            if item.status != .cancelled, let cancelled = cancelledAncestorOrSelf(of: newParent) {
                throw .conflict("“\(cancelled.title)” is cancelled; restore it before moving items under it")
            }
        }
        let slot = try position(under: newParent, placement: placement, moving: id)
        applyRenumbering(slot.renumbered, recording: &recorder)
        item.parent = newParent
        item.position = slot.position
        replace(item)
        recorder.touch(id)
        if item.status == .open || openDescendantCount(of: id) > 0 {
            reopenAncestors(from: newParent, recording: &recorder)
        }
    }

    mutating func completeItem(_ id: ItemID, by actor: Actor, at now: Timestamp, recording recorder: inout EditRecorder)
        throws(DomainError)
    {
        var item = try existingItem(id)
        switch item.status {
        case .done: throw .conflict("“\(item.title)” is already done")
        case .cancelled: throw .conflict("“\(item.title)” is cancelled; restore it before completing it")
        case .open: break
        }
        guard list.kind != .habits else {
            throw .badRequest(
                "in a habit checklist each person checks in for themselves; send checkIn for “\(item.title)”")
        }
        if let why = unavailability(of: id, now: now) { throw .conflict(why) }
        let open = openDescendantCount(of: id)
        guard open == 0 else {
            throw .conflict(
                "“\(item.title)” has \(open) open sub-item\(open == 1 ? "" : "s"); complete or cancel \(open == 1 ? "it" : "them") first"
            )
        }
        if let rule = item.repeatRule, let due = item.due, let start = item.repeatStart {
            // A repeating item: this occurrence is done, the item moves on to the next one.
            let occurrence = RepeatDue.localDate(of: due, timeZone: list.timeZone)
            guard let next = RepeatDue.next(after: due, rule: rule, start: start, timeZone: list.timeZone) else {
                throw .conflict("“\(item.title)” has no occurrence after \(occurrence)")
            }
            item.due = next
            replace(item)
            recorder.touch(id)
            recorder.occurrence = occurrence
            return
        }
        item.status = .done
        item.doneBy = actor.username
        item.doneAt = now
        replace(item)
        recorder.touch(id)
    }

    mutating func reopenItem(_ id: ItemID, recording recorder: inout EditRecorder) throws(DomainError) {
        var item = try existingItem(id)
        switch item.status {
        case .open: throw .conflict("“\(item.title)” is already open")
        case .cancelled: throw .conflict("“\(item.title)” is cancelled; restore it instead")
        case .done: break
        }
        if let parentID = item.parent, let cancelled = cancelledAncestorOrSelf(of: parentID) {
            throw .conflict("“\(cancelled.title)” above it is cancelled; restore that first")
        }
        item.status = .open
        item.doneBy = nil
        item.doneAt = nil
        replace(item)
        recorder.touch(id)
        reopenAncestors(from: item.parent, recording: &recorder)
    }

    /// Cancels the item and its open descendants (done ones stay done).
    mutating func cancelItem(_ id: ItemID, by actor: Actor, at now: Timestamp, recording recorder: inout EditRecorder)
        throws(DomainError)
    {
        var item = try existingItem(id)
        guard item.status != .cancelled else { throw .conflict("“\(item.title)” is already cancelled") }
        item.cancelOrigin = .direct(previous: item.status)
        item.status = .cancelled
        item.cancelledBy = actor.username
        item.cancelledAt = now
        replace(item)
        recorder.touch(id)
        for descendantID in descendants(of: id) {
            guard var descendant = items[descendantID], descendant.status == .open else { continue }
            descendant.status = .cancelled
            descendant.cancelOrigin = .cascade(from: id)
            descendant.cancelledBy = actor.username
            descendant.cancelledAt = now
            replace(descendant)
            recorder.touch(descendantID)
        }
    }

    /// Returns the item to its status before the cancel and re-opens exactly the
    /// descendants that this item's cancel reached.
    mutating func restoreItem(_ id: ItemID, recording recorder: inout EditRecorder) throws(DomainError) {
        var item = try existingItem(id)
        guard item.status == .cancelled else { throw .conflict("“\(item.title)” is not cancelled") }
        if let parentID = item.parent, let cancelled = cancelledAncestorOrSelf(of: parentID) {
            throw .conflict("“\(cancelled.title)” above it is cancelled; restore that first")
        }
        if case .direct(let previous) = item.cancelOrigin {
            item.status = previous
        } else {
            item.status = .open
        }
        item.cancelOrigin = nil
        item.cancelledBy = nil
        item.cancelledAt = nil
        replace(item)
        recorder.touch(id)
        var reopenedAny = item.status == .open
        for descendantID in descendants(of: id) {
            guard var descendant = items[descendantID], descendant.cancelOrigin == .cascade(from: id) else { continue }
            descendant.status = .open
            descendant.cancelOrigin = nil
            descendant.cancelledBy = nil
            descendant.cancelledAt = nil
            replace(descendant)
            recorder.touch(descendantID)
            reopenedAny = true
        }
        if reopenedAny { reopenAncestors(from: item.parent, recording: &recorder) }
    }

    func ancestorsIncludingSelf(of id: ItemID) -> [ItemID] { [id] + ancestors(of: id) }

    /// For an item with a rule: the first occurrence is its due (on the due's local date), or
    /// without a due the first day of the rule from today on, which becomes its due. Without
    /// a rule, nothing to count from.
    func startRepeating(_ item: inout Item, at now: Timestamp) {
        guard let rule = item.repeatRule else {
            item.repeatStart = nil
            return
        }
        if let due = item.due {
            item.repeatStart = RepeatDue.localDate(of: due, timeZone: list.timeZone)
        } else {
            let today = RepeatDue.localDate(of: now, timeZone: list.timeZone)
            let first = rule.firstOccurrence(onOrAfter: today) ?? today
            item.repeatStart = first
            item.due = .date(first)
        }
    }

    /// Assignees are participants: anyone else could never see the item they are reminded of.
    func requireParticipant(named username: String) throws(DomainError) {
        guard participantUsername(matching: username) != nil else {
            throw .badRequest(
                "\(username) is not a participant of this checklist; share it with them before assigning items to them")
        }
    }

    /// The participant's username as they signed up, matched ignoring case like logins.
    public func participantUsername(matching username: String) -> String? {
        let key = username.lowercased()
        return participants.values.first { $0.username.lowercased() == key }?.username
    }

    /// The nearest cancelled item among `id` and its ancestors. Nothing may become open
    /// below one: a done item keeps its place under a cancelled ancestor (cancel leaves done
    /// items alone), so checking only the direct parent would let an add, a move or a
    /// restore open items inside a cancelled subtree.
    func cancelledAncestorOrSelf(of id: ItemID) -> Item? {
        for ancestorID in ancestorsIncludingSelf(of: id) {
            if let ancestor = items[ancestorID], ancestor.status == .cancelled { return ancestor }
        }
        return nil
    }
}
