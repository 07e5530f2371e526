@testable import ChecklistCore
import Testing

/// The kept first and last positions (`SiblingBounds`) always equal what a scan of the
/// siblings finds, whatever the edits: appends, inserts first and in between, moves within
/// a parent and to another, and the renumbering that exhausting one gap causes.
@Suite struct SiblingBoundsTests {
    /// What a state built afresh from the same items (an empty cache) finds by scanning.
    private func scanned(_ state: ChecklistState, under parent: ItemID?) -> SiblingBounds.Bounds? {
        let fresh = ChecklistState(
            list: state.list, participants: Array(state.participants.values), items: Array(state.items.values))
        return fresh.siblingBounds(under: parent)
    }

    private func expectKeptBoundsMatch(_ state: ChecklistState, _ step: String) {
        for parent in [nil, "p", "q"] as [ItemID?] {
            #expect(
                state.siblingBounds(under: parent) == scanned(state, under: parent),
                "\(step), under \(parent?.rawValue ?? "root")")
        }
    }

    @Test func keptBoundsEqualAScanAfterEveryKindOfEdit() {
        var state = CoreFixture.tree([("p", nil), ("q", nil), ("a", "p"), ("b", "p")])
        expectKeptBoundsMatch(state, "built")
        for index in 0..<20 {
            let placement: Placement =
                index.isMultiple(of: 3) ? .first : (index.isMultiple(of: 2) ? .after("a") : .last)
            state.run(.addItem(Edit.NewItem(id: ItemID("n\(index)"), parent: "p", placement: placement, title: "n")))
            expectKeptBoundsMatch(state, "added n\(index) \(placement)")
        }
        state.run(.moveItem("n1", parent: .unchanged, placement: .first))
        expectKeptBoundsMatch(state, "moved first")
        state.run(.moveItem("n0", parent: .unchanged, placement: .last))
        expectKeptBoundsMatch(state, "moved last")
        state.run(.moveItem(try! #require(state.children(of: "p").last?.id), parent: .set("q"), placement: .last))
        expectKeptBoundsMatch(state, "moved the last one to another parent")
        state.run(.moveItem(try! #require(state.children(of: "p").first?.id), parent: .clear, placement: .first))
        expectKeptBoundsMatch(state, "moved the first one to the root")
        // Inserting again and again right after "a" halves one gap until it is exhausted,
        // and the siblings are renumbered 1, 2, 3 …
        for index in 0..<60 {
            state.run(.addItem(Edit.NewItem(id: ItemID("g\(index)"), parent: "p", placement: .after("a"), title: "g")))
        }
        expectKeptBoundsMatch(state, "after renumbering")
        state.run(.addItem(Edit.NewItem(id: "end", parent: "p", title: "end")))
        #expect(state.children(of: "p").last?.id == "end")
        expectKeptBoundsMatch(state, "appended after renumbering")
    }
}
