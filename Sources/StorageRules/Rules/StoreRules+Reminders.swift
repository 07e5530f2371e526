public import ChecklistCore
public import ChecklistStore

/// Reminders on the store thread: what to schedule at start, firing due occurrences exactly
/// once, what a user gets again on sign-in, dismiss and snooze.
///
/// Exactly once: an occurrence fires only in the batch whose claim of it wins
/// (`StoragePort.claim`), and the same batch records what each recipient got. A server killed
/// after the commit has recorded it (its users get it on sign-in, `late` when over a minute
/// old); one killed before has not (the restart fires it). Several servers on one store race
/// on the same claim, and only the one whose claim wins delivers.
extension StoreRules {
    /// Every occurrence and snooze the scheduler must hold at start: each reminding item's
    /// latest occurrence of the last 24 hours (fired at once if no one claimed it while the
    /// server was down) and its next one, and every snooze not yet delivered. Only reads: a
    /// server started on a store it cannot write reports that, not a failed prune.
    public func reminderSchedule(now: Timestamp) throws(StoreError) -> [ScheduledReminder] {
        do {
            var result: [ScheduledReminder] = []
            var lists: [ListID: Checklist] = [:]
            try port.scanItems(
                .reminding, checklist: { lists[$0.id] = $0 },
                item: { scanned in
                    guard let list = lists[scanned.listID] else { return }
                    result += ReminderRules.pending(scanned.item, in: list, now: now, includingMissed: true).map(
                        ScheduledReminder.occurrence)
                })
            for case .snooze(let snooze) in try port.reminderRecords(.allSnoozes) { result.append(.snooze(snooze)) }
            return result
        } catch {
            throw storeError(error)
        }
    }

    /// Fires what is due: each occurrence still valid and not claimed before goes to its
    /// recipients (except those who snoozed the item past it); each snooze that ended goes to
    /// its user. Returns the messages to send and what to schedule next.
    public func fireReminders(_ due: [ScheduledReminder], now: Timestamp) throws(StoreError) -> ReminderFiring {
        var firing = ReminderFiring()
        do {
            for entry in due {
                switch entry {
                case .occurrence(let occurrence): try fire(occurrence, now: now, into: &firing)
                case .snooze(let snooze): try fire(snooze, now: now, into: &firing)
                }
            }
            // Hourly, and on the first firing after a start.
            if now.milliseconds - lastClaimPrune.milliseconds > 3_600_000 {
                // Claims older than the catch-up window (and a day's margin) can never matter again.
                try port.write(
                    .pruneClaims(
                        before: Timestamp(milliseconds: now.milliseconds - 2 * ReminderRules.catchUpWindowMilliseconds))
                )
                lastClaimPrune = now
            }
        } catch {
            throw storeError(error)
        }
        return firing
    }

    private func fire(_ occurrence: ReminderOccurrence, now: Timestamp, into firing: inout ReminderFiring) throws {
        guard let state = try state(occurrence.listID), let item = state.items[occurrence.itemID] else { return }
        let list = state.list
        if occurrence.kind == .every, let next = ReminderRules.nextEvery(of: item, after: max(now, occurrence.at)),
            ReminderRules.isActive(item, in: list)
        {
            firing.next.append(
                .occurrence(ReminderOccurrence(listID: list.id, itemID: item.id, kind: .every, at: next)))
        }
        guard ReminderRules.isActive(item, in: list),
            ReminderRules.isOccurrence(occurrence.at, kind: occurrence.kind, of: item, timeZone: list.timeZone),
            occurrence.at <= now,
            now.milliseconds - occurrence.at.milliseconds <= ReminderRules.catchUpWindowMilliseconds,
            try port.claim(.occurrence(occurrence), at: now)
        else { return }
        let late = firing.claimed(at: occurrence.at, now: now)
        let view = state.view(of: item.id)!
        for recipient in ReminderRules.recipients(of: item, in: state) {
            if let until = try snoozedUntil(recipient.userID, list.id, item.id), until > occurrence.at { continue }
            try deliver(
                ReminderDelivery(
                    userID: recipient.userID, listID: list.id, listTitle: list.title, item: view,
                    kind: occurrence.kind, at: occurrence.at, late: late), into: &firing)
        }
    }

    private func fire(_ snooze: ReminderSnooze, now: Timestamp, into firing: inout ReminderFiring) throws {
        // The claim removes the snooze: a snooze changed or fired since does not match.
        guard try port.claim(.snoozeEnd(snooze), at: now), let state = try state(snooze.listID),
            state.role(of: snooze.userID) != nil,
            let item = state.items[snooze.itemID], ReminderRules.isActive(item, in: state.list),
            now.milliseconds - snooze.until.milliseconds <= ReminderRules.catchUpWindowMilliseconds
        else { return }
        let late = firing.claimed(at: snooze.until, now: now)
        try deliver(
            ReminderDelivery(
                userID: snooze.userID, listID: state.list.id, listTitle: state.list.title,
                item: state.view(of: item.id)!, kind: snooze.kind, at: snooze.until, late: late), into: &firing)
    }

    /// Records what a user was sent (sign-ins send it again until dismissed) and adds it to
    /// the firing.
    private func deliver(_ delivery: ReminderDelivery, into firing: inout ReminderFiring) throws {
        try port.write(
            .delivered(
                userID: delivery.userID, listID: delivery.listID, itemID: delivery.item.item.id, kind: delivery.kind,
                at: delivery.at))
        firing.deliveries.append(delivery)
    }

    /// What a user who just signed in gets again: per item, the latest occurrence they got in
    /// the last 24 hours and did not dismiss, while the item still reminds and they still
    /// take part.
    public func pendingReminders(for userID: UserID, now: Timestamp) throws(StoreError) -> [ReminderDelivery] {
        do {
            // Strictly after the window's start, as the deliveries' `at` are compared.
            let since = Timestamp(milliseconds: now.milliseconds - ReminderRules.catchUpWindowMilliseconds + 1)
            let records = try port.reminderRecords(.undismissedDeliveries(to: userID, since: since))
            return try records.compactMap { record -> ReminderDelivery? in
                guard case .delivery(let delivery) = record, let state = try state(delivery.listID),
                    state.role(of: userID) != nil, let item = state.items[delivery.itemID],
                    ReminderRules.isActive(item, in: state.list), let view = state.view(of: item.id)
                else { return nil }
                return ReminderDelivery(
                    userID: userID, listID: state.list.id, listTitle: state.list.title, item: view,
                    kind: delivery.kind, at: delivery.at, late: ReminderRules.isLate(delivery.at, now: now)
                )
            }
        } catch {
            throw storeError(error)
        }
    }

    /// Marks the user's occurrence `at` of the item dismissed, so sign-ins no longer repeat it.
    public func dismissReminder(userID: UserID, listID: ListID, itemID: ItemID, at: Timestamp) throws(StoreError) {
        do {
            let state = try visibleState(listID, for: userID)
            guard state.items[itemID] != nil else { throw StoreError.rejected(.itemNotFound(itemID)) }
            try port.write(.dismissed(userID: userID, listID: listID, itemID: itemID, through: at))
        } catch {
            throw storeError(error)
        }
    }

    /// Snoozes the item's reminders for the user until `until`; returns the snooze to schedule.
    public func snoozeReminder(userID: UserID, listID: ListID, itemID: ItemID, until: Timestamp, now: Timestamp)
        throws(StoreError) -> ReminderSnooze
    {
        do {
            let state = try visibleState(listID, for: userID)
            guard let item = state.items[itemID] else { throw StoreError.rejected(.itemNotFound(itemID)) }
            guard until > now else {
                throw StoreError.rejected(
                    .badRequest("\"until\" (\(until.rfc3339)) is not in the future; snooze to a later time"))
            }
            guard until.milliseconds - now.milliseconds <= ReminderRules.catchUpWindowMilliseconds * 366 else {
                throw StoreError.rejected(.badRequest("\"until\" is more than 366 days away; snooze for less"))
            }
            var lastKind: ReminderKind?
            if case .delivery(let last)? = try port.reminderRecords(
                .lastDelivery(to: userID, listID: listID, itemID: itemID)
            ).first {
                lastKind = last.kind
            }
            let kind = lastKind ?? (item.remindEvery != nil ? .every : .before)
            let snooze = ReminderSnooze(userID: userID, listID: listID, itemID: itemID, kind: kind, until: until)
            // What was snoozed is handled: a sign-in before `until` does not repeat it.
            try port.write(.snoozed(snooze))
            try port.write(.dismissed(userID: userID, listID: listID, itemID: itemID, through: nil))
            return snooze
        } catch {
            throw storeError(error)
        }
    }

    private func snoozedUntil(_ userID: UserID, _ listID: ListID, _ itemID: ItemID) throws(StorageFailure) -> Timestamp?
    {
        guard
            case .snooze(let snooze)? = try port.reminderRecords(.snooze(of: userID, listID: listID, itemID: itemID))
                .first
        else { return nil }
        return snooze.until
    }

    /// What an edit changed for the scheduler: the coming occurrences of the items it touched
    /// (of every item when the checklist's time zone changed).
    func reminderChanges(in state: ChecklistState, applied: AppliedEdit, request: EditRequest, now: Timestamp)
        -> [ScheduledReminder]
    {
        // A loop rather than map and flatMap: every edit comes here, most touch no reminder,
        // and those should allocate nothing.
        var reminders: [ScheduledReminder] = []
        func schedule(_ item: Item) {
            for occurrence in ReminderRules.pending(item, in: state.list, now: now, includingMissed: false) {
                reminders.append(.occurrence(occurrence))
            }
        }
        if case .edit(_, .updateList(let update)) = request, update.timeZone != nil {
            for item in state.items.values { schedule(item) }
        } else {
            for change in applied.changes.items { schedule(change.item) }
        }
        return reminders
    }
}

extension ReminderFiring {
    /// Counts an occurrence claimed by this firing; returns whether it is late.
    mutating func claimed(at: Timestamp, now: Timestamp) -> Bool {
        fired += 1
        let late = ReminderRules.isLate(at, now: now)
        if late { self.late += 1 }
        return late
    }
}
