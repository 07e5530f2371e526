import ChecklistCore
import Testing

/// A habit checklist's goal in days ("66 days to make it stick"): set when it is made or later,
/// cleared with `null`, and refused on an ordinary checklist.
@Suite struct HabitGoalTests {
    private static func habits(goal: Int?) -> ChecklistState {
        ChecklistState.create(
            id: "list-h", owner: CoreFixture.owner, Edit.NewList(title: "Morning", kind: .habits, goalDays: goal),
            at: CoreFixture.start
        ).state
    }

    @Test func aHabitChecklistKeepsItsGoalAndAnUpdateChangesOrClearsIt() throws {
        var state = Self.habits(goal: 66)
        #expect(state.list.goalDays == 66)
        let changed = try state.applying(.updateList(Edit.ListUpdate(goalDays: .set(30))))
        #expect(
            state.list.goalDays == 30 && changed.changes.list?.list.goalDays == 30, "the event carries the new goal")
        state.run(.updateList(Edit.ListUpdate(title: "Mornings")))
        #expect(state.list.goalDays == 30, "an update without a goal leaves it")
        state.run(.updateList(Edit.ListUpdate(goalDays: .clear)))
        #expect(state.list.goalDays == nil)
    }

    @Test func anOrdinaryChecklistHasNoGoal() {
        var state = CoreFixture.list()
        let refused = state.refuse(.updateList(Edit.ListUpdate(goalDays: .set(66))))
        #expect(refused?.kind == .badRequest && refused?.message.contains("habit checklists") == true)
        #expect(state.list.goalDays == nil, "nothing changed")
        let made = ChecklistState.create(
            id: "list-2", owner: CoreFixture.owner, Edit.NewList(title: "Chores", goalDays: 66), at: CoreFixture.start)
        #expect(made.state.list.goalDays == nil, "a goal on a new ordinary checklist is not kept")
    }
}
