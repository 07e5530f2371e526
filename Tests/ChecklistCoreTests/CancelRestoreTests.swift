import ChecklistCore
import Testing

@Suite struct CancelRestoreTests {
    /// p ─┬ a (open)
    ///    ├ b (done)
    ///    ├ c (cancelled on its own before p)
    ///    └ d ─ e (open)
    private func family() -> ChecklistState {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p"), ("c", "p"), ("d", "p"), ("e", "d")])
        state.run(.completeItem("b"))
        state.run(.cancelItem("c"))
        return state
    }

    @Test func cancelCascadesToOpenDescendantsOnly() throws {
        var state = family()
        let applied = try state.applying(.cancelItem("p"), by: CoreFixture.editor)
        for id in ["p", "a", "d", "e"] as [ItemID] {
            #expect(state.status(id) == .cancelled, "\(id)")
            #expect(state.items[id]?.cancelledBy == "eddie", "\(id)")
        }
        #expect(state.status("b") == .done)
        #expect(state.items["b"]?.cancelledBy == nil)
        #expect(state.items["c"]?.cancelOrigin == .direct(previous: .open))
        #expect(Set(applied.itemIDs) == ["p", "a", "d", "e"])
        #expect(applied.itemIDs.first == "p")
    }

    @Test func restoreRestoresExactlyWhatTheCancelCascadedTo() throws {
        var state = family()
        state.run(.cancelItem("p"))
        let applied = try state.applying(.restoreItem("p"))
        for id in ["p", "a", "d", "e"] as [ItemID] {
            #expect(state.status(id) == .open, "\(id)")
            #expect(state.items[id]?.cancelOrigin == nil, "\(id)")
            #expect(state.items[id]?.cancelledBy == nil, "\(id)")
            #expect(state.items[id]?.cancelledAt == nil, "\(id)")
        }
        #expect(state.status("b") == .done)
        // Cancelled on its own before: the parent's restore does not bring it back.
        #expect(state.status("c") == .cancelled)
        #expect(Set(applied.itemIDs) == ["p", "a", "d", "e"])
    }

    @Test(arguments: [ItemStatus.open, .done])
    func restoreReturnsThePreviousStatus(previous: ItemStatus) {
        var state = CoreFixture.tree([("a", nil)])
        if previous == .done { state.run(.completeItem("a")) }
        state.run(.cancelItem("a"))
        #expect(state.items["a"]?.cancelOrigin == .direct(previous: previous))
        state.run(.restoreItem("a"))
        #expect(state.status("a") == previous)
    }

    /// Cancel the child, then the parent; restoring the parent leaves the child (and what
    /// the child's cancel reached) cancelled until the child is restored itself.
    @Test func nestedCancelsUnwindOneAtATime() {
        var state = CoreFixture.tree([("p", nil), ("q", "p"), ("g", "q"), ("s", "p")])
        state.run(.cancelItem("q"))
        #expect(state.items["g"]?.cancelOrigin == .cascade(from: "q"))
        state.run(.cancelItem("p"))
        #expect(state.items["s"]?.cancelOrigin == .cascade(from: "p"))
        #expect(state.items["g"]?.cancelOrigin == .cascade(from: "q"))

        state.run(.restoreItem("p"))
        #expect(state.status("p") == .open)
        #expect(state.status("s") == .open)
        #expect(state.status("q") == .cancelled)
        #expect(state.status("g") == .cancelled)

        state.run(.restoreItem("q"))
        #expect(state.status("q") == .open)
        #expect(state.status("g") == .open)
    }

    @Test func restoringUnderACancelledParentIsAConflict() throws {
        var state = CoreFixture.tree([("p", nil), ("a", "p")])
        state.run(.cancelItem("p"))
        let error = try state.refusal(.restoreItem("a"))
        #expect(error.kind == .conflict)
        #expect(error.message.contains("“p”"))
        #expect(state.status("a") == .cancelled)
    }

    /// A done item keeps its place under a cancelled ancestor, but nothing may become open
    /// there: not by restore, not by reopening, not by adding or moving an open item under
    /// the done one.
    @Test func nothingOpensInsideACancelledSubtree() throws {
        var state = CoreFixture.tree([("p", nil), ("d", "p"), ("x", "d"), ("y", "d"), ("z", nil)])
        state.run(.cancelItem("x"))
        state.run(.completeItem("y"))
        state.run(.completeItem("d"))
        state.run(.cancelItem("p"))
        #expect(state.status("d") == .done)

        let restore = try state.refusal(.restoreItem("x"))
        #expect(restore.kind == .conflict)
        let add = try state.refusal(.addItem(Edit.NewItem(id: "n", parent: "d", title: "n")))
        #expect(add.kind == .conflict)
        let move = try state.refusal(.moveItem("z", parent: .set("d"), placement: .last))
        #expect(move.kind == .conflict)
        let reopenChild = try state.refusal(.reopenItem("y"))
        #expect(reopenChild.kind == .conflict)
        let reopenParent = try state.refusal(.reopenItem("d"))
        #expect(reopenParent.kind == .conflict)
        #expect(reopenParent.message.contains("“p”"))
        #expect(state.status("d") == .done)
        #expect(state.status("y") == .done)
        #expect(state.status("x") == .cancelled)

        // Once the ancestor is restored, all of it is allowed again.
        state.run(.restoreItem("p"))
        state.run(.restoreItem("x"))
        #expect(state.status("d") == .open)
        state.run(.reopenItem("y"))
        #expect(state.status("y") == .open)
    }

    @Test func cancellingTwiceAndRestoringWhatIsNotCancelledAreConflicts() throws {
        var state = CoreFixture.tree([("a", nil)])
        #expect(state.refuse(.restoreItem("a"))?.kind == .conflict)
        state.run(.cancelItem("a"))
        #expect(state.refuse(.cancelItem("a"))?.kind == .conflict)
    }

    @Test func listCancelCascadesToOpenItemsAndRestoreUndoesExactlyThat() throws {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p"), ("c", nil), ("d", nil)])
        state.run(.completeItem("b"))
        state.run(.cancelItem("c"))
        let cancel = try state.applying(.cancelList)
        #expect(state.list.status == .cancelled)
        #expect(state.list.cancelledAt != nil)
        for id in ["p", "a", "d"] as [ItemID] {
            #expect(state.status(id) == .cancelled, "\(id)")
            #expect(state.items[id]?.cancelOrigin == .checklist, "\(id)")
        }
        #expect(state.status("b") == .done)
        #expect(state.items["c"]?.cancelOrigin == .direct(previous: .open))
        #expect(Set(cancel.itemIDs) == ["p", "a", "d"])
        #expect(cancel.changes.list?.list.status == .cancelled)

        let restore = try state.applying(.restoreList)
        #expect(state.list.status == .active)
        #expect(state.list.cancelledAt == nil)
        for id in ["p", "a", "d"] as [ItemID] { #expect(state.status(id) == .open, "\(id)") }
        #expect(state.status("b") == .done)
        #expect(state.status("c") == .cancelled)
        #expect(Set(restore.itemIDs) == ["p", "a", "d"])
    }

    @Test func aCompletedChecklistRestoresToCompleted() {
        var state = CoreFixture.tree([("a", nil)])
        state.run(.completeItem("a"))
        state.run(.completeList)
        let completedAt = state.list.completedAt
        state.run(.cancelList)
        #expect(state.list.status == .cancelled)
        state.run(.restoreList)
        #expect(state.list.status == .completed)
        #expect(state.list.completedAt == completedAt)
        #expect(state.status("a") == .done)
    }

    @Test func listCancelAndRestoreAreConflictsWhenRepeated() {
        var state = CoreFixture.list()
        #expect(state.refuse(.restoreList)?.kind == .conflict)
        state.run(.cancelList)
        #expect(state.refuse(.cancelList)?.kind == .conflict)
    }

    @Test(arguments: ["direct:open", "direct:done", "cascade:item-7", "checklist"])
    func cancelOriginStorageRoundTrips(text: String) throws {
        let origin = try #require(CancelOrigin(storageValue: text))
        #expect(origin.storageValue == text)
    }

    @Test(arguments: ["", "direct:", "direct:closed", "cascade", "Checklist"])
    func cancelOriginRejectsUnknownText(text: String) {
        #expect(CancelOrigin(storageValue: text) == nil)
    }
}
