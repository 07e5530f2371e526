import ChecklistCore
import Testing

@Suite struct StatusRuleTests {
    /// Completing a parent with open descendants (at any depth) is refused, and the message
    /// says how many are open.
    @Test(arguments: [
        (1, "1 open sub-item;"),
        (2, "2 open sub-items"),
        (3, "3 open sub-items"),
    ])
    func completingAParentWithOpenDescendantsIsAConflict(open: Int, phrase: String) throws {
        // p ─┬ a ─ a1
        //    ├ b
        //    └ c (done)
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("a1", "a"), ("b", "p"), ("c", "p")])
        state.run(.completeItem("c"))
        if open < 3 { state.run(.completeItem("b")) }
        if open < 2 { state.run(.completeItem("a1")) }
        let error = try state.refusal(.completeItem("p"))
        #expect(error.kind == .conflict)
        #expect(error.message.contains(phrase), "\(error.message)")
        #expect(state.status("p") == .open)
    }

    @Test func aParentCompletesOnceItsDescendantsAreDoneOrCancelled() {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p")])
        state.run(.completeItem("a"))
        state.run(.cancelItem("b"))
        state.run(.completeItem("p"), by: CoreFixture.editor)
        #expect(state.status("p") == .done)
        #expect(state.items["p"]?.doneBy == "eddie")
        #expect(state.items["p"]?.doneAt != nil)
    }

    @Test(arguments: [
        (1, "1 of the 2 items is not done yet (1 of 2 done); complete or cancel it first"),
        (2, "every item is done, but “p” and 1 other item are not marked done yet; complete or cancel them first"),
        (4, "2 of the 3 items are not done yet (1 of 3 done); complete or cancel them first"),
    ])
    func completingAChecklistWithOpenItemsIsAConflict(open: Int, phrase: String) throws {
        // Counted as the header counts (leaves that are not cancelled); when all of those are
        // done, the parents still open are named.
        var state = CoreFixture.tree([("p", nil), ("q", "p"), ("r", "q"), ("s", nil), ("t", nil)])
        state.run(.completeItem("t"))
        switch open {
        case 1: state.run(.cancelItem("p"))
        case 2: state.run(.completeItem("r")); state.run(.cancelItem("s"))
        default: break
        }
        let error = try state.refusal(.completeList)
        #expect(error.kind == .conflict)
        #expect(error.message.contains(phrase), "\(error.message)")
        #expect(state.list.status == .active)
    }

    @Test func aChecklistCompletesWhenNothingIsOpen() {
        var state = CoreFixture.tree([("a", nil), ("b", nil)])
        state.run(.completeItem("a"))
        state.run(.cancelItem("b"))
        state.run(.completeList, by: CoreFixture.editor)
        #expect(state.list.status == .completed)
        #expect(
            state.list.completedAt
                == Timestamp(milliseconds: CoreFixture.start.milliseconds + (state.list.seq - 1) * 1000))
        #expect(state.refuse(.completeList)?.kind == .conflict)
    }

    @Test func reopenListMakesItActiveAgain() {
        var state = CoreFixture.list()
        #expect(state.refuse(.reopenList)?.kind == .conflict)
        state.run(.completeList)
        state.run(.reopenList)
        #expect(state.list.status == .active)
        #expect(state.list.completedAt == nil)
    }

    /// "Done" means nothing below is open: reopening an item re-opens its done ancestors and
    /// a completed checklist.
    @Test func reopeningAnItemReopensDoneAncestorsAndTheChecklist() throws {
        var state = CoreFixture.tree([("g", nil), ("p", "g"), ("a", "p")])
        state.run(.completeItem("a"))
        state.run(.completeItem("p"))
        state.run(.completeItem("g"))
        state.run(.completeList)
        let applied = try state.applying(.reopenItem("a"))
        for id in ["a", "p", "g"] as [ItemID] {
            #expect(state.status(id) == .open, "\(id)")
            #expect(state.items[id]?.doneBy == nil, "\(id)")
            #expect(state.items[id]?.doneAt == nil, "\(id)")
        }
        #expect(state.list.status == .active)
        #expect(state.list.completedAt == nil)
        #expect(Set(applied.itemIDs) == ["a", "p", "g"])
        #expect(applied.changes.list?.list.status == .active)
    }

    @Test func addingUnderADoneParentReopensItsDoneAncestorsAndTheChecklist() throws {
        var state = CoreFixture.tree([("g", nil), ("p", "g"), ("a", "p"), ("other", nil)])
        for id in ["a", "p", "g", "other"] as [ItemID] { state.run(.completeItem(id)) }
        state.run(.completeList)
        let applied = try state.applying(.addItem(Edit.NewItem(id: "n", parent: "p", title: "new")))
        #expect(state.status("n") == .open)
        #expect(state.status("p") == .open)
        #expect(state.status("g") == .open)
        #expect(state.status("a") == .done)
        #expect(state.status("other") == .done)
        #expect(state.list.status == .active)
        #expect(Set(applied.itemIDs) == ["n", "p", "g"])
    }

    @Test func addingAtTheRootOfACompletedChecklistReopensIt() {
        var state = CoreFixture.list()
        state.run(.completeList)
        state.run(.addItem(Edit.NewItem(id: "n", title: "late addition")))
        #expect(state.list.status == .active)
    }

    @Test func restoringAnOpenItemReopensItsDoneParent() {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p")])
        state.run(.completeItem("a"))
        state.run(.cancelItem("b"))
        state.run(.completeItem("p"))
        state.run(.restoreItem("b"))
        #expect(state.status("b") == .open)
        #expect(state.status("p") == .open)
    }

    @Test func movingAnOpenItemUnderADoneParentReopensIt() {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("x", nil)])
        state.run(.completeItem("a"))
        state.run(.completeItem("p"))
        state.run(.moveItem("x", parent: .set("p"), placement: .last))
        #expect(state.status("p") == .open)
        #expect(state.items["x"]?.parent == "p")
    }

    @Test(arguments: [
        (ItemStatus.done, Edit.completeItem("a")),
        (.open, .reopenItem("a")),
        (.cancelled, .completeItem("a")),
        (.cancelled, .reopenItem("a")),
    ])
    func itemStatusChangesThatDoNotApplyAreConflicts(status: ItemStatus, edit: Edit) {
        var state = CoreFixture.tree([("a", nil)])
        if status == .done { state.run(.completeItem("a")) }
        if status == .cancelled { state.run(.cancelItem("a")) }
        #expect(state.refuse(edit)?.kind == .conflict)
        #expect(state.status("a") == status)
    }

    /// A cancelled checklist is read-only until the owner restores it; the owner may still
    /// share and unshare it.
    @Test(arguments: [
        Edit.updateList(Edit.ListUpdate(title: "renamed")),
        .completeList,
        .reopenList,
        .addItem(Edit.NewItem(id: "n", title: "n")),
        .updateItem("a", Edit.ItemUpdate(title: "renamed")),
        .moveItem("a", parent: .unchanged, placement: .first),
        .completeItem("a"),
        .reopenItem("a"),
        .cancelItem("a"),
        .restoreItem("a"),
    ])
    func aCancelledChecklistIsReadOnly(edit: Edit) throws {
        var state = CoreFixture.tree([("a", nil)])
        state.run(.cancelList)
        _ = state.completion()
        let before = state
        let error = try state.refusal(edit)
        #expect(error.kind == .conflict)
        #expect(error.message.contains("cancelled"))
        #expect(state == before)
    }

    @Test func aCancelledChecklistCanStillBeSharedAndUnshared() {
        var state = CoreFixture.list()
        state.run(.cancelList)
        state.run(.share(Participant(userID: "u-new", username: "nina", role: .viewer)))
        #expect(state.role(of: "u-new") == .viewer)
        state.run(.unshare(username: "nina", userID: "u-new"))
        #expect(state.role(of: "u-new") == nil)
    }
}
