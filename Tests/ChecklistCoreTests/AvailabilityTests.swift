import ChecklistCore
import Testing

/// Sequential parents and `availableFrom`: a course that unlocks part by part.
@Suite struct AvailabilityTests {
    @Test func aSequentialParentMakesOnlyItsFirstOpenChildAvailable() throws {
        var state = CoreFixture.list()
        state.run(.addItem(Edit.NewItem(id: "course", title: "Course", sequential: true)))
        for (id, title) in [("w1", "Week 1"), ("w2", "Week 2"), ("w3", "Week 3")] as [(ItemID, String)] {
            state.run(.addItem(Edit.NewItem(id: id, parent: "course", title: title)))
        }
        let now = state.nextTime
        #expect(state.view(of: "w1", now: now)?.available == true && state.view(of: "w2", now: now)?.available == false)
        let refused = state.refuse(.completeItem("w3"))
        #expect(
            refused?.kind == .conflict && refused?.message == "“Week 3” is not available yet: complete “Week 1” first")
        let done = try state.applying(.completeItem("w1"))
        let week2 = try #require(
            done.changes.items.first { $0.item.id == "w2" }, "the event carries the item that became available")
        #expect(week2.available)
        state.run(.cancelItem("w2"))
        #expect(
            state.view(of: "w3", now: state.nextTime)?.available == true, "a cancelled part does not hold the next back"
        )
    }

    @Test func availableFromHoldsAnItemBackUntilItsDay() throws {
        var state = CoreFixture.list()  // edits happen on 2026-11-21 (UTC)
        state.run(
            .addItem(Edit.NewItem(id: "read", title: "Reading for week 2", availableFrom: Due(wire: "2026-11-28"))))
        state.run(.addItem(Edit.NewItem(id: "q", parent: "read", title: "Quiz")))
        let refused = state.refuse(.completeItem("q"))
        #expect(
            refused?.message == "“Reading for week 2” is not available until 2026-11-28",
            "a parent that is held back holds its children")
        let later = Timestamp(rfc3339: "2026-11-28T00:00:01Z")!
        #expect(state.unavailability(of: "q", now: later) == nil)
        #expect(
            try state.apply(.completeItem("q"), by: CoreFixture.owner, at: later).changes.items.contains {
                $0.item.id == "q"
            })
    }

    @Test func aSequentialChecklistAppliesAtTheRoot() {
        var (state, _) = ChecklistState.create(
            id: "l", owner: CoreFixture.owner, Edit.NewList(title: "Steps", sequential: true), at: CoreFixture.start
        )
        state.run(.addItem(Edit.NewItem(id: "a", title: "First")))
        state.run(.addItem(Edit.NewItem(id: "b", title: "Second")))
        #expect(state.refuse(.completeItem("b"))?.kind == .conflict)
        state.run(.completeItem("a"))
        state.run(.completeItem("b"))
    }

    /// A client learns availability from events: turning "one after another" on or off (on
    /// the checklist or a parent), or changing when a parent opens, sends every item whose
    /// lock may have changed, with its new `available`.
    @Test func turningSequentialOnOrOffSendsTheItemsItLocksOrFrees() throws {
        var state = CoreFixture.list()
        state.run(.addItem(Edit.NewItem(id: "a", title: "First")))
        state.run(.addItem(Edit.NewItem(id: "b", title: "Second")))
        let available = { (edit: AppliedEdit) in
            Dictionary(uniqueKeysWithValues: edit.changes.items.map { ($0.item.id, $0.available) })
        }
        let on = try state.applying(.updateList(Edit.ListUpdate(sequential: true)))
        #expect(available(on) == ["a": true, "b": false])
        let off = try state.applying(.updateList(Edit.ListUpdate(sequential: false)))
        #expect(available(off) == ["a": true, "b": true])
        #expect(try state.applying(.updateList(Edit.ListUpdate(title: "Renamed"))).changes.items.isEmpty)

        state.run(.addItem(Edit.NewItem(id: "c1", parent: "a", title: "Step 1")))
        state.run(.addItem(Edit.NewItem(id: "c2", parent: "a", title: "Step 2")))
        let parentOn = try state.applying(.updateItem("a", Edit.ItemUpdate(sequential: true)))
        #expect(available(parentOn)["c2"] == false)
        let parentOff = try state.applying(.updateItem("a", Edit.ItemUpdate(sequential: false)))
        #expect(available(parentOff)["c2"] == true, "children freed when their parent stops being sequential")
        let later = try state.applying(.updateItem("a", Edit.ItemUpdate(availableFrom: .set(Due(wire: "2030-01-01")!))))
        #expect(available(later)["c1"] == false && available(later)["c2"] == false)
        let now = try state.applying(.updateItem("a", Edit.ItemUpdate(availableFrom: .clear)))
        #expect(available(now)["c1"] == true, "children freed when their parent's date is cleared")
    }
}
