import ChecklistCore
import Testing

/// When reminders fall and who gets them, with time as an input: days, zones and DST in
/// microseconds.
@Suite struct ReminderRulesTests {
    private static func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    private static func item(due: Due?, before: Int?, every: Int? = nil, since: Timestamp? = nil) -> Item {
        Item(
            id: "i", parent: nil, position: 0, title: "HW", due: due, remindEvery: every, remindEverySince: since,
            remindBefore: before, createdBy: "olive", createdAt: time("2027-01-01T00:00:00Z")
        )
    }

    /// A date-only due counts as 09:00 in the checklist's zone, daylight saving included.
    @Test(arguments: [
        ("2027-03-12", 0, "UTC", "2027-03-12T09:00:00Z"),
        ("2027-03-12", 3_600, "America/New_York", "2027-03-12T13:00:00Z"),  // EST, UTC−5: 09:00 − 1 h
        ("2027-03-15", 0, "America/New_York", "2027-03-15T13:00:00Z"),  // EDT since 03-14, UTC−4
        ("2027-03-12", 86_400, "Europe/Berlin", "2027-03-11T08:00:00Z"),  // CET, UTC+1, a day before
        ("2027-07-01", 0, "Europe/Berlin", "2027-07-01T07:00:00Z"),  // CEST, UTC+2
        ("2027-03-12", 0, "Asia/Kolkata", "2027-03-12T03:30:00Z"),
    ])
    func dateOnlyDuesAreRemindedAtNineInTheListsZone(due: String, before: Int, zone: String, expected: String) {
        let item = Self.item(due: Due(wire: due), before: before)
        #expect(ReminderRules.beforeInstant(of: item, timeZone: zone) == Self.time(expected))
    }

    @Test func aDateTimeDueIsRemindedAtTheMomentMinusTheLead() {
        let item = Self.item(due: Due(wire: "2027-03-12T17:00:00Z"), before: 600)
        #expect(
            ReminderRules.beforeInstant(of: item, timeZone: "Asia/Tokyo") == Self.time("2027-03-12T16:50:00Z"),
            "the zone does not matter")
        #expect(ReminderRules.beforeInstant(of: Self.item(due: nil, before: 600), timeZone: "UTC") == nil)
        #expect(
            ReminderRules.beforeInstant(of: Self.item(due: Due(wire: "2027-03-12"), before: nil), timeZone: "UTC")
                == nil)
    }

    @Test func everyOccurrencesCountFromWhenTheIntervalWasSet() {
        let since = Self.time("2027-01-01T10:00:00Z")
        let item = Self.item(due: nil, before: nil, every: 1_800, since: since)
        #expect(
            ReminderRules.latestEvery(of: item, atOrBefore: Self.time("2027-01-01T10:29:59Z")) == nil, "k starts at 1")
        #expect(
            ReminderRules.latestEvery(of: item, atOrBefore: Self.time("2027-01-01T10:30:00Z"))
                == Self.time("2027-01-01T10:30:00Z"))
        #expect(
            ReminderRules.latestEvery(of: item, atOrBefore: Self.time("2027-01-01T11:59:00Z"))
                == Self.time("2027-01-01T11:30:00Z"))
        #expect(
            ReminderRules.nextEvery(of: item, after: Self.time("2027-01-01T09:00:00Z"))
                == Self.time("2027-01-01T10:30:00Z"))
        #expect(
            ReminderRules.nextEvery(of: item, after: Self.time("2027-01-01T11:30:00Z"))
                == Self.time("2027-01-01T12:00:00Z"), "strictly after")
        #expect(ReminderRules.isOccurrence(Self.time("2027-01-01T12:00:00Z"), kind: .every, of: item, timeZone: "UTC"))
        #expect(!ReminderRules.isOccurrence(Self.time("2027-01-01T12:00:01Z"), kind: .every, of: item, timeZone: "UTC"))
        #expect(
            !ReminderRules.isOccurrence(since, kind: .every, of: item, timeZone: "UTC"),
            "t0 itself is not an occurrence")
    }

    /// At start the scheduler also gets the latest missed occurrence of the last 24 h; after
    /// an edit it gets only what is still to come.
    @Test func pendingOccurrencesAtStartAndAfterAnEdit() {
        let since = Self.time("2027-01-01T10:00:00Z")
        let list = Checklist(id: "l", title: "L", ownerID: "u", createdAt: since, updatedAt: since)
        let item = Self.item(due: Due(wire: "2027-01-02T12:00:00Z"), before: 3_600, every: 3_600, since: since)
        let now = Self.time("2027-01-02T12:30:00Z")
        let atStart = ReminderRules.pending(item, in: list, now: now, includingMissed: true)
        #expect(atStart.map(\.kind) == [.before, .every, .every])
        #expect(
            atStart.map(\.at) == [
                Self.time("2027-01-02T11:00:00Z"), Self.time("2027-01-02T12:00:00Z"), Self.time("2027-01-02T13:00:00Z"),
            ])
        let afterEdit = ReminderRules.pending(item, in: list, now: now, includingMissed: false)
        #expect(afterEdit.map(\.at) == [Self.time("2027-01-02T13:00:00Z")])
        let dayLater = ReminderRules.pending(
            item, in: list, now: Self.time("2027-01-03T11:30:00Z"), includingMissed: true)
        #expect(!dayLater.contains { $0.kind == .before }, "a before occurrence over 24 h old is never sent")
        var done = item
        done.status = .done
        #expect(ReminderRules.pending(done, in: list, now: now, includingMissed: true).isEmpty)
        var cancelledList = list
        cancelledList.status = .cancelled
        #expect(ReminderRules.pending(item, in: cancelledList, now: now, includingMissed: true).isEmpty)
    }

    @Test func theAssigneeAloneOrEveryOwnerAndEditorIsReminded() {
        var state = CoreFixture.list()
        state.run(.addItem(Edit.NewItem(id: "a", title: "A", remindEvery: 60)))
        #expect(
            ReminderRules.recipients(of: state.items["a"]!, in: state).map(\.username).sorted() == ["eddie", "olive"],
            "viewers never")
        state.run(.updateItem("a", Edit.ItemUpdate(assignee: .set("VERA"))))
        #expect(state.items["a"]?.assignee == "vera", "matched ignoring case, kept as signed up")
        #expect(ReminderRules.recipients(of: state.items["a"]!, in: state).map(\.username) == ["vera"])
    }

    @Test func assigneesMustBeParticipantsAndLoseAssignmentsWithAccess() throws {
        var state = CoreFixture.list()
        let refused = state.refuse(.addItem(Edit.NewItem(id: "a", title: "A", assignee: "sam")))
        #expect(refused?.kind == .badRequest && refused?.message.contains("not a participant") == true)
        #expect(state.items["a"] == nil)
        state.run(.addItem(Edit.NewItem(id: "a", title: "A", assignee: "eddie")))
        state.run(.addItem(Edit.NewItem(id: "b", title: "B", assignee: "olive")))
        let unshared = try state.applying(.unshare(username: "eddie", userID: CoreFixture.editor.userID))
        #expect(state.items["a"]?.assignee == nil && state.items["b"]?.assignee == "olive")
        #expect(unshared.changes.items.map(\.item.id) == ["a"], "the unshare event carries the unassigned item")
    }

    @Test func settingTheIntervalAgainRestartsItsCount() {
        var state = CoreFixture.list()
        state.run(.addItem(Edit.NewItem(id: "a", title: "A", remindEvery: 60)))
        let first = state.items["a"]?.remindEverySince
        state.run(.updateItem("a", Edit.ItemUpdate(title: "A2")))
        #expect(state.items["a"]?.remindEverySince == first, "other edits keep t0")
        state.run(.updateItem("a", Edit.ItemUpdate(remindEvery: .set(60))))
        #expect(state.items["a"]!.remindEverySince! > first!)
        state.run(.updateItem("a", Edit.ItemUpdate(remindEvery: .clear)))
        #expect(state.items["a"]?.remindEverySince == nil)
    }

    @Test func anInboxIsNeverCancelledOrShared() {
        var (state, _) = ChecklistState.create(
            id: "inbox", owner: CoreFixture.owner,
            Edit.NewList(title: "Inbox", timeZone: "Europe/Lisbon", isInbox: true), at: CoreFixture.start
        )
        #expect(state.list.isInbox && state.list.timeZone == "Europe/Lisbon")
        #expect(state.refuse(.cancelList)?.kind == .badRequest)
        #expect(
            state.refuse(.share(Participant(userID: CoreFixture.editor.userID, username: "eddie", role: .editor)))?.kind
                == .badRequest)
        #expect(state.participants.count == 1 && state.list.status == .active)
        state.run(.updateList(Edit.ListUpdate(timeZone: "Asia/Tokyo")))
        #expect(state.list.timeZone == "Asia/Tokyo")
    }
}
