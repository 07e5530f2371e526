public import ChecklistCore
import GRDB

/// Reminders on the store thread: what to schedule at start, firing due occurrences exactly
/// once, what a user gets again on sign-in, dismiss and snooze.
///
/// Exactly once: an occurrence fires only in the batch that inserts its row into
/// `reminder_claims` (primary key `(list, item, kind, at)`), and the same batch records what
/// each recipient got in `reminder_deliveries`. A server killed after the commit has recorded
/// it (its users get it on sign-in, `late` when over a minute old); one killed before has not
/// (the restart fires it). Several nodes on one database race on the same insert, and only
/// the one whose insert wins delivers.
extension ChecklistStore {
    /// Every occurrence and snooze the scheduler must hold at start: each reminding item's
    /// latest occurrence of the last 24 hours (fired at once if no one claimed it while the
    /// server was down) and its next one, and every snooze not yet delivered. Only reads: a
    /// server started on a database it cannot write reports that, not a failed prune.
    public func reminderSchedule(now: Timestamp) throws(StoreError) -> [ScheduledReminder] {
        do {
            var result: [ScheduledReminder] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT \(RowCodec.itemColumns(of: "i.")), i.list_id, l.tz, l.status FROM items i JOIN lists l ON l.id = i.list_id
                    WHERE i.status = 'open' AND (i.remind_every IS NOT NULL OR (i.remind_before IS NOT NULL AND i.due IS NOT NULL))
                    """)
            while let row = try rows.next() {
                guard let item = RowCodec.item(row) else { continue }
                let extra = RowCodec.itemColumnCount
                var list = Checklist(id: row[extra], title: "", ownerID: "", createdAt: now, updatedAt: now)
                list.timeZone = row[extra + 1]
                list.status = ListStatus(rawValue: row[extra + 2]) ?? .active
                result += ReminderRules.pending(item, in: list, now: now, includingMissed: true).map(
                    ScheduledReminder.occurrence)
            }
            let snoozes = try Row.fetchCursor(
                db, sql: "SELECT user_id, list_id, item_id, kind, until FROM reminder_snoozes")
            while let row = try snoozes.next() {
                result.append(
                    .snooze(
                        ReminderSnooze(
                            userID: row[0], listID: row[1], itemID: row[2],
                            kind: ReminderKind(rawValue: row[3]) ?? .every,
                            until: Timestamp(milliseconds: row[4])
                        )))
            }
            return result
        } catch {
            throw failed(error)
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
            if now.milliseconds - lastClaimPrune.milliseconds > 3_600_000 { try pruneReminderClaims(now: now) }
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
            now.milliseconds - occurrence.at.milliseconds <= ReminderRules.catchUpWindowMilliseconds
        else { return }
        try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO reminder_claims (list_id, item_id, kind, at, fired_at) VALUES (?,?,?,?,?)"
        )
        .execute(arguments: [list.id, item.id, occurrence.kind.rawValue, occurrence.at.milliseconds, now.milliseconds])
        guard db.changesCount == 1 else { return }
        firing.fired += 1
        let late = ReminderRules.isLate(occurrence.at, now: now)
        if late { firing.late += 1 }
        let view = state.view(of: item.id)!
        for recipient in ReminderRules.recipients(of: item, in: state) {
            if let until = try snoozedUntil(recipient.userID, list.id, item.id), until > occurrence.at { continue }
            try recordDelivery(to: recipient.userID, list.id, item.id, kind: occurrence.kind, at: occurrence.at)
            firing.deliveries.append(
                ReminderDelivery(
                    userID: recipient.userID, listID: list.id, listTitle: list.title, item: view,
                    kind: occurrence.kind, at: occurrence.at, late: late
                ))
        }
    }

    private func fire(_ snooze: ReminderSnooze, now: Timestamp, into firing: inout ReminderFiring) throws {
        // Deleting the row is the claim: a snooze changed or fired since does not match.
        try db.cachedStatement(
            sql: "DELETE FROM reminder_snoozes WHERE user_id = ? AND list_id = ? AND item_id = ? AND until = ?"
        )
        .execute(arguments: [snooze.userID, snooze.listID, snooze.itemID, snooze.until.milliseconds])
        guard db.changesCount == 1, let state = try state(snooze.listID), state.role(of: snooze.userID) != nil,
            let item = state.items[snooze.itemID], ReminderRules.isActive(item, in: state.list),
            now.milliseconds - snooze.until.milliseconds <= ReminderRules.catchUpWindowMilliseconds
        else { return }
        firing.fired += 1
        let late = ReminderRules.isLate(snooze.until, now: now)
        if late { firing.late += 1 }
        try recordDelivery(to: snooze.userID, snooze.listID, snooze.itemID, kind: snooze.kind, at: snooze.until)
        firing.deliveries.append(
            ReminderDelivery(
                userID: snooze.userID, listID: state.list.id, listTitle: state.list.title,
                item: state.view(of: item.id)!,
                kind: snooze.kind, at: snooze.until, late: late
            ))
    }

    /// What a user who just signed in gets again: per item, the latest occurrence they got in
    /// the last 24 hours and did not dismiss, while the item still reminds and they still
    /// take part.
    public func pendingReminders(for userID: UserID, now: Timestamp) throws(StoreError) -> [ReminderDelivery] {
        do {
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT list_id, item_id, kind, at FROM reminder_deliveries
                        WHERE user_id = ? AND dismissed = 0 AND at > ? ORDER BY at
                        """), arguments: [userID, now.milliseconds - ReminderRules.catchUpWindowMilliseconds])
            return try rows.compactMap { row -> ReminderDelivery? in
                guard let state = try state(row[0]), state.role(of: userID) != nil, let item = state.items[row[1]],
                    ReminderRules.isActive(item, in: state.list), let view = state.view(of: item.id)
                else { return nil }
                let at = Timestamp(milliseconds: row[3])
                return ReminderDelivery(
                    userID: userID, listID: state.list.id, listTitle: state.list.title, item: view,
                    kind: ReminderKind(rawValue: row[2]) ?? .every, at: at, late: ReminderRules.isLate(at, now: now)
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
            try db.cachedStatement(
                sql: """
                    UPDATE reminder_deliveries SET dismissed = 1 WHERE user_id = ? AND list_id = ? AND item_id = ? AND at <= ?
                    """
            ).execute(arguments: [userID, listID, itemID, at.milliseconds])
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
            let lastKind = try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT kind FROM reminder_deliveries WHERE user_id = ? AND list_id = ? AND item_id = ?
                        """), arguments: [userID, listID, itemID]
            ).flatMap(ReminderKind.init(rawValue:))
            let kind = lastKind ?? (item.remindEvery != nil ? .every : .before)
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO reminder_snoozes (user_id, list_id, item_id, kind, until) VALUES (?,?,?,?,?)
                    """
            ).execute(arguments: [userID, listID, itemID, kind.rawValue, until.milliseconds])
            // What was snoozed is handled: a sign-in before `until` does not repeat it.
            try db.cachedStatement(
                sql: "UPDATE reminder_deliveries SET dismissed = 1 WHERE user_id = ? AND list_id = ? AND item_id = ?"
            )
            .execute(arguments: [userID, listID, itemID])
            return ReminderSnooze(userID: userID, listID: listID, itemID: itemID, kind: kind, until: until)
        } catch {
            throw storeError(error)
        }
    }

    private func snoozedUntil(_ userID: UserID, _ listID: ListID, _ itemID: ItemID) throws -> Timestamp? {
        try Int64.fetchOne(
            db.cachedStatement(
                sql: "SELECT until FROM reminder_snoozes WHERE user_id = ? AND list_id = ? AND item_id = ?"),
            arguments: [userID, listID, itemID]
        ).map(Timestamp.init(milliseconds:))
    }

    private func recordDelivery(
        to userID: UserID, _ listID: ListID, _ itemID: ItemID, kind: ReminderKind, at: Timestamp
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO reminder_deliveries (user_id, list_id, item_id, kind, at, dismissed) VALUES (?,?,?,?,?,0)
                """
        ).execute(arguments: [userID, listID, itemID, kind.rawValue, at.milliseconds])
    }

    /// Claims older than the catch-up window (and a day's margin) can never matter again.
    private func pruneReminderClaims(now: Timestamp) throws {
        try db.cachedStatement(sql: "DELETE FROM reminder_claims WHERE at < ?")
            .execute(arguments: [now.milliseconds - 2 * ReminderRules.catchUpWindowMilliseconds])
        lastClaimPrune = now
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
