import ChecklistCore
import Testing
import WireProtocol

/// Where the core puts a new or moved item among its siblings (`rules/item-placement.json`),
/// for the web client's optimistic placement to be checked against: both must give the same
/// sibling order. Each case starts from one small checklist, applies one `addItem` or
/// `moveItem` through the real core, and records the siblings before, the op as the wire
/// names it, the siblings' order after and the position the core chose.
@Suite struct ItemPlacementFixtureTests {
    /// Root: a 1, x 1.5, b 2, c 3; under a: a1 1, a2 2.
    private static func start() throws -> ChecklistState {
        var (state, _) = ChecklistState.create(
            id: "list-p", owner: FixtureStory.olive, Edit.NewList(title: "Placement"), at: FixtureStory.start)
        let adds: [(ItemID, ItemID?, Placement)] = [
            ("a", nil, .last), ("b", nil, .last), ("c", nil, .last), ("x", nil, .after("a")),
            ("a1", "a", .last), ("a2", "a", .last),
        ]
        for (id, parent, placement) in adds {
            _ = try state.apply(
                .addItem(Edit.NewItem(id: id, parent: parent, placement: placement, title: id.rawValue)),
                by: FixtureStory.olive, at: FixtureStory.start)
        }
        return state
    }

    private static let cases: [(name: String, edit: Edit, op: JSONValue)] = [
        ("add last", .addItem(Edit.NewItem(id: "n", placement: .last, title: "n")), ["op": "addItem", "id": "n"]),
        (
            "add first", .addItem(Edit.NewItem(id: "n", placement: .first, title: "n")),
            ["op": "addItem", "id": "n", "after": nil]
        ),
        (
            "add between two", .addItem(Edit.NewItem(id: "n", placement: .after("a"), title: "n")),
            ["op": "addItem", "id": "n", "after": "a"]
        ),
        (
            "add after the last", .addItem(Edit.NewItem(id: "n", placement: .after("c"), title: "n")),
            ["op": "addItem", "id": "n", "after": "c"]
        ),
        (
            "add under a parent, first",
            .addItem(Edit.NewItem(id: "n", parent: "a", placement: .first, title: "n")),
            ["op": "addItem", "id": "n", "parent": "a", "after": nil]
        ),
        (
            "move the last to the front", .moveItem("c", parent: .unchanged, placement: .first),
            ["op": "moveItem", "item": "c", "after": nil]
        ),
        (
            "move down past a sibling", .moveItem("a", parent: .unchanged, placement: .after("b")),
            ["op": "moveItem", "item": "a", "after": "b"]
        ),
        (
            "move to the end", .moveItem("x", parent: .unchanged, placement: .last),
            ["op": "moveItem", "item": "x"]
        ),
        (
            "move a child to the root, between two", .moveItem("a2", parent: .clear, placement: .after("x")),
            ["op": "moveItem", "item": "a2", "parent": nil, "after": "x"]
        ),
    ]

    @Test func itemPlacementCases() throws {
        let start = try Self.start()
        var written: [JSONValue] = []
        for (name, edit, op) in Self.cases {
            var state = start
            _ = try state.apply(edit, by: FixtureStory.olive, at: FixtureStory.start)
            let subject: ItemID = edit.subjectItem ?? "n"
            let parent = state.items[subject]?.parent
            written.append(
                [
                    "name": .string(name),
                    "items": .array(start.orderedItemViews().map { Self.wire($0.item) }),
                    "op": op,
                    "order": .array(state.children(of: parent).map { .string($0.id.rawValue) }),
                    "position": .number(JSONNumber(state.items[subject]?.position ?? 0)),
                ])
        }
        try GoldenFixtures.check(
            JSONValue.object(JSONObject([("cases", .array(written))])).encoded(),
            at: "rules/item-placement.json")
    }

    /// The ITEM fields placement reads.
    private static func wire(_ item: Item) -> JSONValue {
        [
            "id": .string(item.id.rawValue), "parent": item.parent.map { .string($0.rawValue) } ?? .null,
            "position": .number(JSONNumber(item.position)), "status": .string(item.status.rawValue),
            "title": .string(item.title),
        ]
    }
}
