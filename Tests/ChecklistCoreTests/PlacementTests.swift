import ChecklistCore
import Testing

@Suite struct PlacementTests {
    private func add(
        _ state: inout ChecklistState, _ id: ItemID, under parent: ItemID? = nil, _ placement: Placement = .last
    ) {
        state.run(.addItem(Edit.NewItem(id: id, parent: parent, placement: placement, title: id.rawValue)))
    }

    @Test func withoutAfterAnItemGoesLast() {
        let state = CoreFixture.tree([("a", nil), ("b", nil), ("c", nil)])
        #expect(state.childOrder(nil) == ["a", "b", "c"])
    }

    @Test func afterNullPutsItFirst() {
        var state = CoreFixture.tree([("a", nil), ("b", nil)])
        add(&state, "z", .first)
        add(&state, "y", .first)
        #expect(state.childOrder(nil) == ["y", "z", "a", "b"])
    }

    @Test(
        arguments: [
            ("a", ["a", "n", "b", "c"]),
            ("b", ["a", "b", "n", "c"]),
            ("c", ["a", "b", "c", "n"]),
        ] as [(ItemID, [ItemID])])
    func afterASiblingPutsItRightAfterIt(anchor: ItemID, order: [ItemID]) {
        var state = CoreFixture.tree([("a", nil), ("b", nil), ("c", nil)])
        add(&state, "n", .after(anchor))
        #expect(state.childOrder(nil) == order)
    }

    @Test func placementIsAmongTheSiblingsUnderTheParent() {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p"), ("x", nil)])
        add(&state, "n", under: "p", .after("a"))
        add(&state, "f", under: "p", .first)
        #expect(state.childOrder("p") == ["f", "a", "n", "b"])
        #expect(state.childOrder(nil) == ["p", "x"])
    }

    @Test func afterAnItemThatIsNotASiblingIsABadRequest() throws {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("x", nil)])
        let error = try state.refusal(.addItem(Edit.NewItem(id: "n", parent: "p", placement: .after("x"), title: "n")))
        #expect(error.kind == .badRequest)
        #expect(error.message.contains("sibling"))
        let move = try state.refusal(.moveItem("a", parent: .unchanged, placement: .after("x")))
        #expect(move.kind == .badRequest)
    }

    @Test func afterAnUnknownItemIsNotFound() {
        var state = CoreFixture.tree([("a", nil)])
        #expect(
            state.refuse(.addItem(Edit.NewItem(id: "n", placement: .after("ghost"), title: "n")))?.kind == .notFound)
        #expect(state.refuse(.moveItem("a", parent: .unchanged, placement: .after("ghost")))?.kind == .notFound)
    }

    @Test func addingUnderAnUnknownParentIsNotFound() {
        var state = CoreFixture.tree([("a", nil)])
        #expect(state.refuse(.addItem(Edit.NewItem(id: "n", parent: "ghost", title: "n")))?.kind == .notFound)
    }

    @Test func addingAnIDThatExistsIsAConflict() {
        var state = CoreFixture.tree([("a", nil)])
        #expect(state.refuse(.addItem(Edit.NewItem(id: "a", title: "again")))?.kind == .conflict)
    }

    @Test(
        arguments: [
            ("p", "p"),  // under itself
            ("p", "c"),  // under its child
            ("p", "g"),  // under its grandchild
        ] as [(ItemID, ItemID)])
    func movingUnderItselfOrADescendantIsABadRequest(item: ItemID, newParent: ItemID) {
        var state = CoreFixture.tree([("p", nil), ("c", "p"), ("g", "c")])
        #expect(state.refuse(.moveItem(item, parent: .set(newParent), placement: .last))?.kind == .badRequest)
        #expect(state.items["p"]?.parent == nil)
    }

    @Test func movingAfterItselfIsABadRequest() {
        var state = CoreFixture.tree([("a", nil), ("b", nil)])
        #expect(state.refuse(.moveItem("a", parent: .unchanged, placement: .after("a")))?.kind == .badRequest)
    }

    @Test func movingUnknownItemsOrUnderUnknownParentsIsNotFound() {
        var state = CoreFixture.tree([("a", nil)])
        #expect(state.refuse(.moveItem("ghost", parent: .unchanged, placement: .last))?.kind == .notFound)
        #expect(state.refuse(.moveItem("a", parent: .set("ghost"), placement: .last))?.kind == .notFound)
    }

    /// `parent` absent keeps the parent, `null` moves to the root, an id moves under it.
    @Test func moveParentAbsentNullOrSet() {
        var state = CoreFixture.tree([("p", nil), ("a", "p"), ("b", "p"), ("q", nil)])
        state.run(.moveItem("a", parent: .unchanged, placement: .last))
        #expect(state.childOrder("p") == ["b", "a"])
        state.run(.moveItem("a", parent: .set("q"), placement: .last))
        #expect(state.childOrder("p") == ["b"])
        #expect(state.childOrder("q") == ["a"])
        state.run(.moveItem("a", parent: .clear, placement: .first))
        #expect(state.items["a"]?.parent == nil)
        #expect(state.childOrder(nil) == ["a", "p", "q"])
    }

    /// Repeated inserts into one gap exhaust `Double` precision; then the siblings are
    /// renumbered, order is kept, and the event carries every sibling whose position moved.
    @Test func precisionExhaustionRenumbersAndReportsTheMovedItems() throws {
        var state = CoreFixture.tree([("a", nil), ("b", nil)])
        var expected: [ItemID] = ["a", "b"]
        var renumberings = 0
        for step in 1...80 {
            let id = ItemID("n\(step)")
            let before = Dictionary(uniqueKeysWithValues: state.items.values.map { ($0.id, $0.position) })
            let applied = try state.applying(.addItem(Edit.NewItem(id: id, placement: .after("a"), title: id.rawValue)))
            expected.insert(id, at: 1)
            #expect(state.childOrder(nil) == expected, "step \(step)")
            let positions = state.children(of: nil).map(\.position)
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "step \(step)")

            let moved = Set(before.keys.filter { before[$0] != state.items[$0]?.position })
            #expect(Set(applied.itemIDs) == moved.union([id]), "step \(step)")
            for view in applied.changes.items {
                #expect(view.item.position == state.items[view.item.id]?.position)
            }
            if !moved.isEmpty { renumberings += 1 }
        }
        #expect(renumberings >= 1)
    }
}
