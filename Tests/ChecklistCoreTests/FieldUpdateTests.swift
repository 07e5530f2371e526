import ChecklistCore
import Testing

@Suite struct FieldUpdateTests {
    static let march12 = Due.date(CivilDate(year: 2027, month: 3, day: 12)!)
    static let march12Evening = Due.dateTime(Timestamp(rfc3339: "2027-03-12T17:00:00Z")!)

    private func itemWithEveryField() -> ChecklistState {
        var state = CoreFixture.list()
        state.run(
            .addItem(
                Edit.NewItem(
                    id: "a", title: "Buy paint", notes: "white", due: Self.march12, location: "Store", remindEvery: 3600
                )))
        return state
    }

    /// Two people edit different fields of one item; the server applies both in arrival
    /// order and each keeps their change.
    @Test func updatesOfDifferentFieldsBothKeepTheirChange() {
        var state = itemWithEveryField()
        state.run(.updateItem("a", Edit.ItemUpdate(notes: .set("eggshell"))), by: CoreFixture.editor)
        state.run(.updateItem("a", Edit.ItemUpdate(due: .set(Self.march12Evening))), by: CoreFixture.owner)
        let item = state.items["a"]
        #expect(item?.notes == "eggshell")
        #expect(item?.due == Self.march12Evening)
        #expect(item?.title == "Buy paint")
        #expect(item?.location == "Store")
        #expect(item?.remindEvery == 3600)
    }

    @Test func theLastWriterOfOneFieldWins() {
        var state = itemWithEveryField()
        state.run(.updateItem("a", Edit.ItemUpdate(title: "Buy primer")), by: CoreFixture.editor)
        state.run(.updateItem("a", Edit.ItemUpdate(title: "Buy paint and primer")), by: CoreFixture.owner)
        #expect(state.items["a"]?.title == "Buy paint and primer")
    }

    enum Field: String, CaseIterable, Sendable { case notes, due, location, remindEvery }

    /// `null` on the wire (`.clear`) clears exactly the field it names.
    @Test(arguments: Field.allCases)
    func nullClearsOnlyThatField(field: Field) {
        var state = itemWithEveryField()
        var update = Edit.ItemUpdate()
        switch field {
        case .notes: update.notes = .clear
        case .due: update.due = .clear
        case .location: update.location = .clear
        case .remindEvery: update.remindEvery = .clear
        }
        state.run(.updateItem("a", update))
        let item = state.items["a"]
        #expect((item?.notes == nil) == (field == .notes))
        #expect((item?.due == nil) == (field == .due))
        #expect((item?.location == nil) == (field == .location))
        #expect((item?.remindEvery == nil) == (field == .remindEvery))
        #expect(item?.title == "Buy paint")
    }

    @Test func anEmptyUpdateChangesNoField() throws {
        var state = itemWithEveryField()
        let before = try #require(state.items["a"])
        state.run(.updateItem("a", Edit.ItemUpdate()))
        #expect(state.items["a"] == before)
    }

    @Test func listFieldsAreLastWriterWinsPerField() {
        var state = CoreFixture.list()
        state.run(.updateList(Edit.ListUpdate(description: .set("Weekly tasks"))), by: CoreFixture.editor)
        state.run(.updateList(Edit.ListUpdate(due: .set(Self.march12))), by: CoreFixture.owner)
        #expect(state.list.title == "CS 298")
        #expect(state.list.description == "Weekly tasks")
        #expect(state.list.due == Self.march12)

        state.run(.updateList(Edit.ListUpdate(title: "CS 299", due: .clear)))
        #expect(state.list.title == "CS 299")
        #expect(state.list.description == "Weekly tasks")
        #expect(state.list.due == nil)

        state.run(.updateList(Edit.ListUpdate(description: .clear)))
        #expect(state.list.description == nil)
        #expect(state.list.title == "CS 299")
    }

    /// A date stays a date and a date-time stays a date-time through an update.
    @Test(arguments: [FieldUpdateTests.march12, FieldUpdateTests.march12Evening])
    func dueKeepsItsForm(due: Due) {
        var state = itemWithEveryField()
        state.run(.updateItem("a", Edit.ItemUpdate(due: .set(due))))
        #expect(state.items["a"]?.due == due)
        #expect(state.items["a"]?.due?.description == due.description)
    }

    @Test func updatingAnUnknownItemIsNotFound() {
        var state = itemWithEveryField()
        #expect(state.refuse(.updateItem("nope", Edit.ItemUpdate(title: "x")))?.kind == .notFound)
    }

    @Test(arguments: [
        (FieldChange<String>.unchanged, String?("old"), String?("old")),
        (.unchanged, nil, nil),
        (.set("new"), "old", "new"),
        (.set("new"), nil, "new"),
        (.clear, "old", nil),
        (.clear, nil, nil),
    ])
    func fieldChangeApplies(change: FieldChange<String>, current: String?, result: String?) {
        #expect(change.applied(to: current) == result)
    }
}
