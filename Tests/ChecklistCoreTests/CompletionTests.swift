import ChecklistCore
import Testing

@Suite struct CompletionTests {
    /// `percent = ⌊100 · done / total⌋`, and 0 % for 0 of 0.
    @Test(arguments: [
        (0, 0, 0), (0, 3, 0), (1, 3, 33), (2, 3, 66), (3, 3, 100),
        (1, 7, 14), (6, 7, 85), (199, 200, 99), (1, 1, 100), (1, 200, 0),
    ])
    func percentRoundsDown(done: Int, total: Int, percent: Int) {
        #expect(Completion(done: done, total: total).percent == percent)
    }

    @Test func emptyChecklistIsZeroOfZero() {
        let state = CoreFixture.list()
        #expect(state.completion() == Completion(done: 0, total: 0))
        #expect(state.completion().percent == 0)
    }

    /// A parent is not a leaf: only items with no children at all are counted.
    @Test func countsLeavesOnly() {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p"), ("c", nil)])
        state.run(.completeItem("a"))
        #expect(state.completion() == Completion(done: 1, total: 3))
        #expect(state.completion(of: "p") == Completion(done: 1, total: 2))
        #expect(state.completion(of: "p")?.percent == 50)
        #expect(state.completion().percent == 33)
    }

    @Test func cancelledLeavesAreExcluded() {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p"), ("c", nil)])
        state.run(.completeItem("a"))
        state.run(.cancelItem("c"))
        #expect(state.completion() == Completion(done: 1, total: 2))
        state.run(.cancelItem("b"))
        #expect(state.completion() == Completion(done: 1, total: 1))
        #expect(state.completion(of: "p") == Completion(done: 1, total: 1))
        #expect(state.completion().percent == 100)
    }

    /// A parent whose children are all cancelled still has children, so it is no leaf and
    /// counts for nothing: 0 of 0.
    @Test func parentWithOnlyCancelledChildrenCountsForNothing() {
        var state = CoreFixture.tree([("p", nil), ("x", "p")])
        state.run(.cancelItem("x"))
        #expect(state.completion(of: "p") == Completion(done: 0, total: 0))
        #expect(state.completion() == Completion(done: 0, total: 0))
        #expect(state.completion().percent == 0)
    }

    /// Every node with children has its own completion over the leaves below it, at any depth.
    @Test func nestedParentsSumTheirSubtrees() {
        var state = CoreFixture.tree([
            ("r", nil), ("a", "r"), ("a1", "a"), ("a2", "a"), ("a3", "a"), ("b", "r"), ("c", nil),
        ])
        state.run(.completeItem("a1"))
        state.run(.completeItem("a2"))
        state.run(.completeItem("b"))
        #expect(state.completion(of: "a") == Completion(done: 2, total: 3))
        #expect(state.completion(of: "a")?.percent == 66)
        #expect(state.completion(of: "r") == Completion(done: 3, total: 4))
        #expect(state.completion() == Completion(done: 3, total: 5))
        #expect(state.completion().percent == 60)
    }

    @Test func leavesHaveNoCompletionOfTheirOwn() {
        let state = CoreFixture.tree([("p", nil), ("a", "p")])
        #expect(state.completion(of: "a") == nil)
        #expect(state.view(of: "a")?.completion == nil)
        #expect(state.view(of: "p")?.completion == Completion(done: 0, total: 1))
    }

    /// The completion an edit reports is the checklist's after the edit.
    @Test func appliedEditReportsTheListCompletion() throws {
        var state = CoreFixture.tree([("a", nil), ("b", nil)])
        let applied = try state.applying(.completeItem("a"))
        #expect(applied.completion == Completion(done: 1, total: 2))
        #expect(applied.completion == state.completion())
        #expect(applied.changes.list?.completion == Completion(done: 1, total: 2))
    }
}
