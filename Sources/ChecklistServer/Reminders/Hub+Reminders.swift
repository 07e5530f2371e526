import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol
import CoreMetrics

/// The reminder scheduler as hub logic: a queue of coming occurrences on the service
/// thread, filled at start and by every committed edit; what is due goes to the store in one
/// command (which claims each occurrence once and says who gets it); the messages come back
/// encoded and go to every authenticated connection of each recipient.
///
/// The hub asks its wiring for a wake-up at the earliest entry (`HubAction.wake`); it keeps no
/// timer and reads the time only through `wallClock`, so tests drive days in microseconds.
extension Hub {
    /// At most this many due entries go to the store in one command, and one command is in
    /// flight at a time: a burst of thousands due in the same second is fired in slices, and
    /// edits that arrive meanwhile commit between them instead of waiting for the whole burst
    /// (measured in docs/benchmarks.md: 10,000 at once held edits up to 244 ms as one queue of
    /// 2,000-entry commands).
    static let reminderFiringBatch = 250

    /// The server started: load what the scheduler must hold, if it runs it.
    func start() {
        if leadsScheduling { runStore(.reminderSchedule(now: wallClock()), then: .reminderSchedule) }
        if configuration.mailAvailable { runStore(.digestSchedule(now: wallClock()), then: .digestSchedule) }
    }

    /// On a shared store: this server took over the scheduler (load the schedule from the
    /// tables: what the last one held is there), or lost it (forget the queue; whoever runs
    /// it now loaded it).
    func schedulingChanged(leads: Bool) {
        metrics.schedulesReminders.record(leads ? 1 : 0)
        guard leads != leadsScheduling else { return }
        leadsScheduling = leads
        reminders.removeAll()
        scheduledWake = nil
        if leads { runStore(.reminderSchedule(now: wallClock()), then: .reminderSchedule) }
    }

    /// The wiring's wake-up came.
    func wokeUp() {
        scheduledWake = nil
        if scheduleMissing, leadsScheduling {
            scheduleMissing = false
            runStore(.reminderSchedule(now: wallClock()), then: .reminderSchedule)
            return
        }
        remindersDue()
    }

    /// Fires the next slice of what is due (after a wake-up, the start, or the previous slice).
    func remindersDue() {
        guard !draining, !firingInFlight, leadsScheduling else { return }
        let now = wallClock()
        let due = reminders.popDue(at: now, limit: Self.reminderFiringBatch)
        if !due.isEmpty {
            firingInFlight = true
            runStore(.fireReminders(due, now: now), then: .firedReminders)
            return
        }
        scheduleWake()
    }

    /// Adds entries and moves the wake-up earlier when one is sooner.
    func schedule(_ entries: [ScheduledReminder]) {
        guard !entries.isEmpty, leadsScheduling else { return }
        reminders.insert(contentsOf: entries)
        scheduleWake()
    }

    /// Asks for a wake-up at the earliest entry, unless one at that time or sooner is pending
    /// (or a slice is being fired: its reply continues).
    private func scheduleWake() {
        guard !firingInFlight, let earliest = reminders.earliest else { return }
        if let scheduledWake, scheduledWake <= earliest { return }
        scheduledWake = earliest
        actions.append(.wake(at: earliest))
    }

    /// How soon a schedule that could not be read is read again.
    static let scheduleRetryMilliseconds: Int64 = 1000

    func scheduleLoaded(_ result: Result<StoreReply, StoreError>) {
        guard leadsScheduling else { return }
        guard case .success(.schedule(let entries)) = result else {
            // Not read (the database locked by another process at the start, or down): again
            // in a second, or no reminder would fire until it is read.
            scheduleMissing = true
            let retry = Timestamp(milliseconds: wallClock().milliseconds + Self.scheduleRetryMilliseconds)
            scheduledWake = retry
            actions.append(.wake(at: retry))
            return
        }
        reminders.insert(contentsOf: entries)
        remindersDue()
    }

    func remindersFired(_ result: Result<StoreReply, StoreError>) {
        firingInFlight = false
        defer { remindersDue() }
        guard case .success(.fired(let fired)) = result else { return }
        metrics.remindersFired.increment(by: Int64(fired.fired))
        metrics.remindersLate.increment(by: Int64(fired.late))
        var takenLive = Set<UserID>()
        for (userID, message) in fired.messages where deliverReminder(message, to: userID) { takenLive.insert(userID) }
        push(fired.pushes)
        holdForMail(fired.emails, takenLive: takenLive)
        schedule(fired.next)
    }

    /// A fired reminder to every connection of the user, but those whose missed-reminder lookup
    /// is still out (its answer carries it). `true`: some connection took it live.
    @discardableResult
    func deliverReminder(_ message: [UInt8], to userID: UserID) -> Bool {
        guard
            let connections = subscriptions.connectionsByUser[userID]?.filter({
                sessions[$0]?.missedReminderLookups == 0
            }), !connections.isEmpty
        else { return false }
        metrics.remindersDelivered.increment(by: Int64(connections.count))
        actions.append(.broadcast(OutboundFrame(text: message), to: connections))
        return true
    }

    /// After a sign-in: the reminders the user missed come to this connection.
    func sendMissedReminders(to session: HubSession, userID: UserID) {
        session.missedReminderLookups += 1
        runStore(
            .pendingReminders(userID: userID, now: wallClock()),
            then: .pendingReminders(session.connection, userID: userID))
    }

    // MARK: Dismiss and snooze

    func dismissAnswered(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?,
        listID: ListID, itemID: ItemID, at: Timestamp
    ) {
        if case .failure(let error) = result {
            complete(session, ticket: ticket, .message(errorMessage(error, ref: ref)))
            return
        }
        metrics.remindersDismissed.increment()
        complete(
            session, ticket: ticket,
            .message(ServerMessage.reminderDismissed(listID: listID, itemID: itemID, at: at, ref: ref)))
        tellOtherConnections(
            of: session, ServerMessage.reminderDismissed(listID: listID, itemID: itemID, at: at, ref: nil))
    }

    func snoozeAnswered(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?, listID: ListID,
        itemID: ItemID
    ) {
        guard case .success(.snoozed(let snooze)) = result else {
            let error: StoreError =
                if case .failure(let error) = result { error } else { .failure("unexpected store reply to a snooze") }
            complete(session, ticket: ticket, .message(errorMessage(error, ref: ref)))
            return
        }
        metrics.remindersSnoozed.increment()
        schedule([.snooze(snooze)])
        complete(
            session, ticket: ticket,
            .message(ServerMessage.reminderSnoozed(listID: listID, itemID: itemID, until: snooze.until, ref: ref)))
        tellOtherConnections(
            of: session, ServerMessage.reminderSnoozed(listID: listID, itemID: itemID, until: snooze.until, ref: nil))
    }

    /// The same notice to the user's other authenticated connections.
    private func tellOtherConnections(of session: HubSession, _ message: [UInt8]) {
        guard let userID = session.user?.id, var others = subscriptions.connectionsByUser[userID] else { return }
        others.remove(session.connection)
        if !others.isEmpty { actions.append(.broadcast(OutboundFrame(text: message), to: others)) }
    }
}
