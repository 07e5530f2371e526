import ChecklistCore
import Testing

@Suite struct ChangesTests {
    /// r ─ a ─┬ b
    ///        └ s
    /// t
    private func tree() -> ChecklistState {
        CoreFixture.tree([("r", nil), ("a", "r"), ("b", "a"), ("s", "a"), ("t", nil)])
    }

    /// The touched item comes first, then every ancestor whose completion moved, each with
    /// its new completion; the list summary carries the list's.
    @Test func completingALeafReportsItsAncestors() throws {
        var state = tree()
        let applied = try state.applying(.completeItem("b"))
        #expect(applied.itemIDs.first == "b")
        #expect(Set(applied.itemIDs) == ["b", "a", "r"])
        #expect(applied.itemIDs.count == 3)
        let views = Dictionary(uniqueKeysWithValues: applied.changes.items.map { ($0.item.id, $0) })
        #expect(views["b"]?.item.status == .done)
        #expect(views["b"]?.completion == nil)
        #expect(views["a"]?.completion == Completion(done: 1, total: 2))
        #expect(views["r"]?.completion == Completion(done: 1, total: 2))
        #expect(applied.changes.list?.completion == Completion(done: 1, total: 3))
        #expect(applied.changes.list?.role == nil)
        #expect(applied.completion == Completion(done: 1, total: 3))
    }

    @Test func anEditThatMovesNoCompletionReportsOnlyTheItem() throws {
        var state = tree()
        let applied = try state.applying(.updateItem("b", Edit.ItemUpdate(title: "renamed")))
        #expect(applied.itemIDs == ["b"])
        #expect(applied.changes.items.first?.item.title == "renamed")
        #expect(applied.changes.list?.list.seq == state.list.seq)
    }

    @Test func cancellingALeafMovesTheAncestorsTotals() throws {
        var state = tree()
        let applied = try state.applying(.cancelItem("s"))
        #expect(Set(applied.itemIDs) == ["s", "a", "r"])
        #expect(applied.changes.items.first { $0.item.id == "a" }?.completion == Completion(done: 0, total: 1))
    }

    /// A leaf that gets its first child now has a completion of its own, so it is reported.
    @Test func aLeafThatGainsAChildIsReported() throws {
        var state = tree()
        let applied = try state.applying(.addItem(Edit.NewItem(id: "t1", parent: "t", title: "t1")))
        #expect(Set(applied.itemIDs) == ["t1", "t"])
        #expect(applied.changes.items.first { $0.item.id == "t" }?.completion == Completion(done: 0, total: 1))
        #expect(applied.createdID == "t1")
    }

    /// Moving an item out of a subtree moves the completion of its old ancestors too.
    @Test func movingReportsOldAndNewAncestors() throws {
        var state = tree()
        state.run(.completeItem("b"))
        let applied = try state.applying(.moveItem("b", parent: .set("t"), placement: .last))
        #expect(Set(applied.itemIDs) == ["b", "a", "r", "t"])
        let views = Dictionary(uniqueKeysWithValues: applied.changes.items.map { ($0.item.id, $0) })
        #expect(views["a"]?.completion == Completion(done: 0, total: 1))
        #expect(views["t"]?.completion == Completion(done: 1, total: 1))
    }

    @Test func participantEditsReportTheParticipants() throws {
        var state = CoreFixture.list()
        let applied = try state.applying(.share(Participant(userID: "u-new", username: "nina", role: .viewer)))
        #expect(applied.changes.participants == [ParticipantChange(username: "nina", role: .viewer)])
        #expect(applied.changes.items.isEmpty)
        #expect(applied.changes.list?.participantCount == 4)
    }

    @Test func createStartsTheLogAtOne() {
        let (state, applied) = ChecklistState.create(
            id: "l", owner: CoreFixture.owner, Edit.NewList(title: "New"), at: CoreFixture.start
        )
        #expect(state.list.seq == 1)
        #expect(state.role(of: CoreFixture.owner.userID) == .owner)
        #expect(applied.createdID == "l")
        #expect(applied.changes.list?.list.title == "New")
        #expect(applied.changes.participants == [ParticipantChange(username: "olive", role: .owner)])
        #expect(applied.completion == .empty)
    }

    /// `seq` moves on by exactly one per applied edit, and `updatedAt` to the edit's time.
    @Test func seqIncrementsByOnePerAppliedEdit() throws {
        var state = tree()
        var seq = state.list.seq
        let edits: [Edit] = [
            .completeItem("b"), .updateItem("s", Edit.ItemUpdate(notes: .set("n"))), .cancelItem("s"),
            .completeItem("a"), .restoreItem("s"), .updateList(Edit.ListUpdate(title: "x")),
            .moveItem("t", parent: .unchanged, placement: .first), .cancelList, .restoreList,
        ]
        for edit in edits {
            let time = state.nextTime
            let applied = try state.applying(edit)
            #expect(state.list.seq == seq + 1, "\(edit.kind)")
            #expect(applied.changes.list?.list.seq == seq + 1, "\(edit.kind)")
            #expect(state.list.updatedAt == time, "\(edit.kind)")
            seq += 1
        }
    }

    /// Refused edits, each for a different rule. A refusal changes nothing: not the seq, not
    /// a field, not the tree, not the cached completion.
    @Test(arguments: [
        ("complete parent with open children", Edit.completeItem("a"), "owner"),
        ("complete list with open items", .completeList, "owner"),
        ("unknown item", .completeItem("ghost"), "owner"),
        ("move under own descendant", .moveItem("r", parent: .set("b"), placement: .last), "owner"),
        ("after a non-sibling", .moveItem("b", parent: .unchanged, placement: .after("t")), "owner"),
        ("after an unknown item", .addItem(Edit.NewItem(id: "n", placement: .after("ghost"), title: "n")), "owner"),
        ("duplicate id", .addItem(Edit.NewItem(id: "b", title: "again")), "owner"),
        ("restore what is open", .restoreItem("b"), "owner"),
        ("viewer edits", .updateItem("b", Edit.ItemUpdate(title: "x")), "viewer"),
        ("editor cancels the list", .cancelList, "editor"),
        ("stranger edits", .completeItem("b"), "stranger"),
        ("share the owner role", .share(Participant(userID: "u-new", username: "nina", role: .owner)), "owner"),
    ])
    func aRefusedEditLeavesTheStateUnchanged(rule: String, edit: Edit, who: String) throws {
        let actors = [
            "owner": CoreFixture.owner, "editor": CoreFixture.editor, "viewer": CoreFixture.viewer,
            "stranger": CoreFixture.stranger,
        ]
        let state = tree()
        _ = state.completion()
        let before = state
        var copy = state
        _ = try copy.refusal(edit, by: try #require(actors[who]))
        #expect(copy == before, "\(rule)")
        #expect(copy.list.seq == before.list.seq, "\(rule)")
        #expect(copy.items == before.items, "\(rule)")
        #expect(copy.orderedItemViews() == state.orderedItemViews(), "\(rule)")
    }

    /// A refusal inside a cancelled checklist changes nothing either.
    @Test func aRefusalInACancelledChecklistLeavesItUnchanged() throws {
        var state = tree()
        state.run(.cancelList)
        _ = state.completion()
        let before = state
        _ = try state.refusal(.addItem(Edit.NewItem(id: "n", title: "n")))
        #expect(state == before)
    }
}
