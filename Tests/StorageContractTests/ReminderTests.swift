import ChecklistCore
import ChecklistStore
import Testing
import StorageRules
import StoreTestSupport

/// Reminders in the store with the time passed in: the schedule at start, firing each
/// occurrence once (also after a reopen), the 24-hour window, `late`, dismiss and snooze.
@Suite struct StoreReminderTests {
    private let hour: Int64 = 3_600_000

    /// A list owned by olive, shared with eddie (editor) and vera (viewer), with one item
    /// reminding every hour; returns the people and the item's `t0`.
    private static func setUp(_ store: StoreExecutor) throws -> (
        olive: UserAccount, eddie: UserAccount, vera: UserAccount, since: Timestamp
    ) {
        let olive = try store.signUp("olive")
        let eddie = try store.signUp("eddie")
        let vera = try store.signUp("vera")
        try store.createList("l", by: olive)
        try store.applied(.share("l", username: "eddie", role: .editor), opID: "s1", by: olive)
        try store.applied(.share("l", username: "vera", role: .viewer), opID: "s2", by: olive)
        let added = try store.applied(
            .edit("l", .addItem(Edit.NewItem(id: "hw", title: "HW", remindEvery: 3_600))), opID: "a", by: olive)
        let since = try #require(added.event.changes.items.first?.item.remindEverySince)
        #expect(
            added.reminders == [
                .occurrence(ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: since.plus(3_600_000)))
            ],
            "the edit tells the scheduler the next occurrence")
        return (olive, eddie, vera, since)
    }

    private static func fire(_ store: StoreExecutor, _ due: [ScheduledReminder], at now: Timestamp) throws
        -> ReminderFiring
    {
        try store.sync { s throws(StoreError) in try s.fireReminders(due, now: now) }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func anOccurrenceFiresOnceToOwnersAndEditorsAlsoAfterAReopen(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            var people: (olive: UserAccount, eddie: UserAccount, vera: UserAccount, since: Timestamp)!
            let fiveHours = { people.since.plus(5 * hour) }
            try kind.withStore(at: path) { store in
                people = try Self.setUp(store)
                let now = fiveHours().plus(1_000)
                let schedule = try store.sync { s throws(StoreError) in try s.reminderSchedule(now: now) }
                let missed = ScheduledReminder.occurrence(
                    ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: fiveHours()))
                #expect(schedule.contains(missed), "the latest occurrence that came while no one fired it")
                #expect(
                    schedule.contains(
                        .occurrence(
                            ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: people.since.plus(6 * hour))
                        )))

                let fired = try Self.fire(store, [missed], at: now)
                #expect(fired.fired == 1 && fired.late == 0)
                #expect(
                    Set(fired.deliveries.map(\.userID)) == [people.olive.id, people.eddie.id],
                    "the viewer is never reminded")
                #expect(
                    fired.next == [
                        .occurrence(
                            ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: people.since.plus(6 * hour))
                        )
                    ])
                #expect(try Self.fire(store, [missed], at: now).fired == 0, "a claimed occurrence never fires again")
            }
            try kind.withStore(at: path) { store in
                let missed = ScheduledReminder.occurrence(
                    ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: fiveHours()))
                let again = try Self.fire(store, [missed], at: fiveHours().plus(2_000))
                #expect(again.deliveries.isEmpty, "not after a restart either")
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aSignInGetsTheLatestUndismissedOccurrenceOfTheLastDayMarkedLate(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let (olive, _, _, since) = try Self.setUp(store)
            let at = since.plus(2 * hour)
            _ = try Self.fire(
                store, [.occurrence(ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: at))],
                at: at.plus(500))
            let pending = { (now: Timestamp) in
                try store.sync { s throws(StoreError) in try s.pendingReminders(for: olive.id, now: now) }
            }
            #expect(try pending(at.plus(30_000)).map(\.late) == [false], "within a minute it is not late")
            #expect(try pending(at.plus(61_000)).map(\.late) == [true])
            #expect(try pending(at.plus(25 * hour)).isEmpty, "older than 24 hours")

            try store.sync { s throws(StoreError) in
                try s.dismissReminder(userID: olive.id, listID: "l", itemID: "hw", at: at)
            }
            #expect(try pending(at.plus(61_000)).isEmpty, "dismissed")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func doneOrCancelledItemsAreNeverSent(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let (olive, _, _, since) = try Self.setUp(store)
            let at = since.plus(hour)
            _ = try Self.fire(
                store, [.occurrence(ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: at))], at: at)
            try store.applied(.edit("l", .completeItem("hw")), opID: "done", by: olive)
            #expect(
                try store.sync { s throws(StoreError) in try s.pendingReminders(for: olive.id, now: at.plus(1_000)) }
                    .isEmpty)
            let later = ScheduledReminder.occurrence(
                ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: since.plus(2 * hour)))
            let fired = try Self.fire(store, [later], at: since.plus(2 * hour))
            #expect(fired.fired == 0 && fired.next.isEmpty, "a done item stops reminding")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aSnoozeHoldsBackOneUserAndThenFiresOnceAtItsEnd(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let (olive, eddie, vera, since) = try Self.setUp(store)
            let now = since.plus(hour)
            let snooze = { (user: UserAccount, until: Timestamp) throws(StoreError) -> ReminderSnooze in
                try store.sync { s throws(StoreError) in
                    try s.snoozeReminder(userID: user.id, listID: "l", itemID: "hw", until: until, now: now)
                }
            }
            #expect(throws: StoreError.self) { try snooze(olive, now.plus(-1)) }
            let stranger = try store.signUp("sam")
            #expect(throws: StoreError.rejected(.listNotFound("l"))) { try snooze(stranger, now.plus(hour)) }

            let snoozed = try snooze(olive, since.plus(2 * hour).plus(600_000))
            #expect(snoozed.kind == .every)
            let second = ScheduledReminder.occurrence(
                ReminderOccurrence(listID: "l", itemID: "hw", kind: .every, at: since.plus(2 * hour)))
            #expect(
                try Self.fire(store, [second], at: since.plus(2 * hour)).deliveries.map(\.userID) == [eddie.id],
                "olive snoozed past it")
            let end = try Self.fire(store, [.snooze(snoozed)], at: snoozed.until)
            #expect(end.deliveries.map(\.userID) == [olive.id] && end.deliveries.first?.at == snoozed.until)
            #expect(try Self.fire(store, [.snooze(snoozed)], at: snoozed.until).deliveries.isEmpty, "once")
            _ = vera
        }
    }

    /// The same date-only due in two checklists' zones reminds at two different instants:
    /// 09:00 local, minus the lead.
    @Test(arguments: StorageBackendKind.allCases)
    func aDateOnlyDueRemindsAtNineInEachChecklistsZone(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            for (id, zone) in [("ny", "America/New_York"), ("tokyo", "Asia/Tokyo")] as [(ListID, String)] {
                try store.applied(
                    .createList(id: id, Edit.NewList(title: id.rawValue, timeZone: zone)), opID: "c-\(id)", by: olive)
                try store.applied(
                    .edit(
                        id,
                        .addItem(Edit.NewItem(id: "hw", title: "HW", due: Due(wire: "2027-03-12"), remindBefore: 3_600))
                    ),
                    opID: "a-\(id)", by: olive)
            }
            let now = Timestamp(rfc3339: "2027-03-11T22:00:00Z")!
            let schedule = try store.sync { s throws(StoreError) in try s.reminderSchedule(now: now) }
            #expect(
                Set(schedule) == [
                    .occurrence(
                        ReminderOccurrence(
                            listID: "ny", itemID: "hw", kind: .before, at: Timestamp(rfc3339: "2027-03-12T13:00:00Z")!)),
                    .occurrence(
                        ReminderOccurrence(
                            listID: "tokyo", itemID: "hw", kind: .before,
                            at: Timestamp(rfc3339: "2027-03-11T23:00:00Z")!)),
                ], "08:00 in New York (EST) and in Tokyo")
            let fired = try Self.fire(
                store, schedule.filter { $0.at <= Timestamp(rfc3339: "2027-03-11T23:00:00Z")! },
                at: Timestamp(rfc3339: "2027-03-11T23:00:00Z")!)
            #expect(fired.deliveries.map(\.listID) == ["tokyo"], "Tokyo's comes first")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func theInboxComesWithTheAccountAndTheZoneWithTheSettings(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let all = try store.sync { s throws(StoreError) in try s.lists(for: olive.id) }
            #expect(all.map(\.list.isInbox) == [true] && all.first?.list.title == "Inbox")
            #expect(olive.inboxID == all.first?.list.id)
            let changed = try store.sync { s throws(StoreError) in
                try s.settings(for: olive.id, timeZone: "Europe/Lisbon")
            }
            #expect(changed.timeZone == "Europe/Lisbon" && changed.inboxID == olive.inboxID)
            try store.createList("l", by: olive)
            #expect(
                try store.snapshot("l", for: olive).summary.list.timeZone == "Europe/Lisbon",
                "a new checklist takes its creator's zone")
            let again = try store.sync { s throws(StoreError) in try s.signedIn(olive.id) }
            #expect(again?.inboxID == olive.inboxID, "one Inbox, made once")
        }
    }
}

extension Timestamp {
    func plus(_ milliseconds: Int64) -> Timestamp { Timestamp(milliseconds: self.milliseconds + milliseconds) }
}
