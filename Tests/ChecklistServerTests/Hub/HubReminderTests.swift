@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// The reminder scheduler in the hub, with a clock the test moves: a day of occurrences
/// takes microseconds, and no timer or socket is involved.
@Suite struct HubReminderTests {
    let ana = UserAccount(id: "u-ana", username: "ana")
    let bo = UserAccount(id: "u-bo", username: "bo")

    private func occurrence(_ item: ItemID, at: Timestamp) -> ScheduledReminder {
        .occurrence(ReminderOccurrence(listID: "L", itemID: item, kind: .every, at: at))
    }

    private func wakes(_ actions: [HubAction]) -> [Timestamp] {
        actions.compactMap { if case .wake(let at) = $0 { at } else { nil } }
    }

    @Test func theScheduleLoadedAtStartWakesAtTheEarliestAndFiresWhatIsDue() throws {
        let h = HubHarness()
        let now = h.wallClock
        h.start()
        let load = try #require(h.storeRequests().first)
        #expect(load.command == .reminderSchedule(now: now))
        let missed = occurrence("a", at: Timestamp(milliseconds: now.milliseconds - 5_000))
        let soon = occurrence("b", at: Timestamp(milliseconds: now.milliseconds + 60_000))
        let later = occurrence("c", at: Timestamp(milliseconds: now.milliseconds + 3_600_000))
        h.store(load, .success(.schedule([later, soon, missed])))
        let actions = h.take()
        let fire = actions.compactMap { if case .store(let request) = $0 { request } else { nil } }
        #expect(fire.map(\.command) == [.fireReminders([missed], now: now)], "only what is due goes to the store")
        #expect(wakes(actions).isEmpty, "no wake-up while a slice is being fired")
        h.store(try #require(fire.first), .success(.fired(FiredReminders(messages: [], fired: 1, late: 1, next: []))))
        #expect(wakes(h.take()) == [soon.at], "then it sleeps until the next one")

        // Nothing is due a second early; everything due is fired in one command.
        h.wallClock = Timestamp(milliseconds: soon.at.milliseconds - 1_000)
        h.wake()
        #expect(h.storeRequests().isEmpty)
        h.wallClock = Timestamp(milliseconds: later.at.milliseconds + 1)
        h.wake()
        #expect(h.storeRequests().map(\.command) == [.fireReminders([soon, later], now: h.wallClock)])
    }

    /// On a store several servers share, one runs the scheduler: the others hold nothing and
    /// fire nothing, and the one that takes over loads the schedule from the store.
    @Test func onlyTheServerThatLeadsSchedulingHoldsAndFiresReminders() throws {
        let h = HubHarness()
        h.hub.leadsScheduling = false
        h.start()
        #expect(h.storeRequests().isEmpty, "no schedule is loaded by a server that does not run it")
        let due = occurrence("a", at: h.wallClock)
        h.noticed([.schedule([due])])
        h.wake()
        #expect(h.storeRequests().isEmpty && h.hub.reminders.count == 0)

        h.scheduling(leads: true)
        let load = try #require(h.storeRequests().first)
        #expect(load.command == .reminderSchedule(now: h.wallClock))
        h.store(load, .failure(.failure("the database is down")))
        #expect(wakes(h.take()) == [Timestamp(milliseconds: h.wallClock.milliseconds + 1_000)], "tried again")
        h.wake()
        let again = try #require(h.storeRequests().first)
        #expect(again.command == .reminderSchedule(now: h.wallClock))
        h.store(again, .success(.schedule([due])))
        #expect(h.storeRequests().map(\.command) == [.fireReminders([due], now: h.wallClock)])

        let later = occurrence("b", at: Timestamp(milliseconds: h.wallClock.milliseconds + 60_000))
        h.noticed([.schedule([later])])
        #expect(h.hub.reminders.count == 1, "an edit elsewhere schedules on the server that runs it")
        h.scheduling(leads: false)
        #expect(h.hub.reminders.count == 0, "whoever runs it now loaded it")
    }

    /// A burst due at once goes to the store in slices, one at a time, so edits commit between them.
    @Test func aBurstIsFiredOneSliceAtATime() throws {
        let h = HubHarness()
        h.start()
        let load = try #require(h.storeRequests().first)
        let burst = (0..<600).map { occurrence(ItemID("item-\($0)"), at: h.wallClock) }
        h.store(load, .success(.schedule(burst)))
        var sliceSizes: [Int] = []
        while let slice = h.storeRequests().first {
            guard case .fireReminders(let due, _) = slice.command else { break }
            sliceSizes.append(due.count)
            h.store(slice, .success(.fired(FiredReminders(messages: [], fired: due.count, late: 0, next: []))))
        }
        #expect(sliceSizes == [250, 250, 100], "one command in flight at a time")
        #expect(h.hub.reminders.count == 0)
    }

    @Test func firedRemindersGoToEveryConnectionOfTheirUsersAndTheNextOneIsScheduled() throws {
        let h = HubHarness()
        let anaLaptop = h.open(1)
        let anaPhone = h.open(2)
        let boLaptop = h.open(3)
        let stranger = h.open(4)
        h.authenticate(anaLaptop, as: ana)
        h.authenticate(anaPhone, as: ana)
        h.authenticate(boLaptop, as: bo)
        h.start()
        let load = try #require(h.storeRequests().first)
        let due = occurrence("a", at: h.wallClock)
        h.store(load, .success(.schedule([due])))
        let fire = try #require(h.storeRequests().first)
        let next = occurrence("a", at: Timestamp(milliseconds: h.wallClock.milliseconds + 30_000))
        let message = Array(
            #"{"type":"reminder","list":"L","item":{"id":"a"},"kind":"every","at":"x","late":false}"#.utf8)
        h.store(fire, .success(.fired(FiredReminders(messages: [(ana.id, message)], fired: 1, late: 0, next: [next]))))
        #expect(h.messages(to: anaLaptop).map { $0["type"]?.stringValue } == ["reminder"])
        #expect(h.messages(to: anaPhone).map { $0["type"]?.stringValue } == ["reminder"], "subscribed or not")
        #expect(h.messages(to: boLaptop).isEmpty && h.messages(to: stranger).isEmpty)
        #expect(wakes(h.take()) == [next.at])
    }

    @Test func anEditsComingOccurrencesMoveTheWakeUpEarlierOnly() throws {
        let h = HubHarness()
        let c = h.open(1)
        h.authenticate(c, as: ana)
        let inAnHour = occurrence("a", at: Timestamp(milliseconds: h.wallClock.milliseconds + 3_600_000))
        let inAMinute = occurrence("b", at: Timestamp(milliseconds: h.wallClock.milliseconds + 60_000))
        var asked: [Timestamp] = []
        for (opID, entry) in [("o1", inAnHour), ("o2", inAMinute), ("o3", inAnHour)] {
            h.send(#"{"type":"op","opId":"\#(opID)","op":"updateItem","list":"L","item":"a","remindEvery":60}"#, on: c)
            let edit = try #require(h.storeRequests().first)
            var committed = HubSessionTests.committed(list: "L", seq: 2)
            committed.reminders = [entry]
            h.store(edit, .success(.committed(committed)))
            asked += wakes(h.take())
        }
        #expect(asked == [inAnHour.at, inAMinute.at], "a later or repeated entry asks for no new wake-up")
        #expect(h.hub.reminders.count == 2, "the same occurrence is held once")
    }

    @Test func missedRemindersFollowTheSignInOnThatConnection() throws {
        let h = HubHarness()
        let (c, lookup) = try signInAwaitingMissedReminders(h)
        h.store(lookup, .success(.reminders([Array(#"{"type":"reminder","late":true}"#.utf8)])))
        #expect(h.messages(to: c).map { $0["late"]?.boolValue } == [true])
    }

    /// Signs Ana in on a new connection: `authed`, then the missed-reminder lookup the hub asks
    /// of the store, returned unanswered.
    func signInAwaitingMissedReminders(_ h: HubHarness) throws -> (ConnectionID, StoreRequest) {
        let c = h.open(1)
        h.send(#"{"type":"auth","token":"t"}"#, on: c)
        h.store(try #require(h.storeRequests().first), .success(.user(ana)))
        #expect(h.messages(to: c).map { $0["type"]?.stringValue } == ["authed"])
        let lookup = try #require(h.storeRequests().first)
        #expect(lookup.command == .pendingReminders(userID: ana.id, now: h.wallClock))
        return (c, lookup)
    }

    /// An occurrence fired while a sign-in's missed-reminder lookup is in flight ran before
    /// that lookup in the store (replies come back in the store's order), so the lookup's
    /// answer carries it: the connection gets it once, from the answer, not from both.
    @Test func anOccurrenceFiredDuringTheSignInLookupArrivesOnce() throws {
        let h = HubHarness()
        let (c, lookup) = try signInAwaitingMissedReminders(h)

        h.start()
        let load = try #require(h.storeRequests().first)
        let due = occurrence("a", at: h.wallClock)
        h.store(load, .success(.schedule([due])))
        let fire = try #require(h.storeRequests().first)
        let message = Array(
            #"{"type":"reminder","list":"L","item":{"id":"a"},"kind":"every","at":"x","late":false}"#.utf8)
        let next = occurrence("a", at: Timestamp(milliseconds: h.wallClock.milliseconds + 30_000))
        h.store(fire, .success(.fired(FiredReminders(messages: [(ana.id, message)], fired: 1, late: 0, next: [next]))))
        #expect(h.messages(to: c).isEmpty, "the lookup in flight will carry it")
        h.store(lookup, .success(.reminders([message])))
        #expect(h.messages(to: c).map { $0["type"]?.stringValue } == ["reminder"])

        // Once the lookup is answered, fired occurrences reach the connection again.
        _ = h.take()
        h.wallClock = next.at
        h.wake()
        let nextFire = try #require(h.storeRequests().first)
        h.store(nextFire, .success(.fired(FiredReminders(messages: [(ana.id, message)], fired: 1, late: 0, next: []))))
        #expect(h.messages(to: c).map { $0["type"]?.stringValue } == ["reminder"])
    }
}
