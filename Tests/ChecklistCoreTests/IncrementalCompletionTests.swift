@testable import ChecklistCore
import Testing

/// Completion is kept up to date edit by edit; these tests compare it, after every edit of a
/// long random sequence, with a count from scratch, and check what events report.
@Suite struct IncrementalCompletionTests {
    /// A small deterministic generator, so a failure is reproducible from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func expectMatchesRecount(_ state: ChecklistState, after step: Int, seed: UInt64) {
        let recount = state.recountedCompletion
        #expect(state.completion() == recount.list, "list completion after step \(step), seed \(seed)")
        for id in state.items.keys {
            let expected = state.hasChildren(id) ? recount.subtree[id] : nil
            #expect(state.completion(of: id) == expected, "item \(id) after step \(step), seed \(seed)")
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 42, 2026])
    func randomEditsKeepCompletionEqualToARecount(seed: UInt64) {
        var random = SplitMix(state: seed)
        var state = CoreFixture.list()
        var ids: [ItemID] = []
        for step in 0..<400 {
            let target = ids.randomElement(using: &random)
            let edit: Edit
            // Until there is an item, every step adds one.
            switch target == nil ? 0 : Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                let id = ItemID("i\(step)")
                let parent = Bool.random(using: &random) ? ids.randomElement(using: &random) : nil
                edit = .addItem(Edit.NewItem(id: id, parent: parent, title: id.rawValue))
            case 3..<5: edit = .completeItem(target!)
            case 5: edit = .reopenItem(target!)
            case 6: edit = .cancelItem(target!)
            case 7: edit = .restoreItem(target!)
            default:
                let parent = Bool.random(using: &random) ? ids.randomElement(using: &random) : nil
                edit = .moveItem(target!, parent: parent.map { .set($0) } ?? .clear, placement: .last)
            }
            // Many random edits are refused by the rules (a cycle, a done parent); a refused
            // edit must leave the counts as they were, which the recount checks too.
            if (try? state.apply(edit, by: CoreFixture.owner, at: state.nextTime)) != nil, case .addItem(let new) = edit
            {
                ids.append(new.id)
            }
            Self.expectMatchesRecount(state, after: step, seed: seed)
        }
        #expect(ids.count > 50)
    }

    @Test func completingALeafReportsEveryAncestorWhoseCompletionMoved() throws {
        var state = CoreFixture.tree([("a", nil), ("b", "a"), ("c", "b"), ("d", "b"), ("e", nil)])
        let result = state.run(.completeItem("c"))
        let applied = try #require(result)
        #expect(applied.changes.items.map(\.item.id) == ["c", "a", "b"])
        #expect(applied.changes.items.first { $0.item.id == "b" }?.completion == Completion(done: 1, total: 2))
        #expect(applied.completion == Completion(done: 1, total: 3))
    }

    @Test func movingTheOnlyChildAwayMakesTheParentALeafAgain() throws {
        var state = CoreFixture.tree([("a", nil), ("b", "a")])
        #expect(state.completion(of: "a") == Completion(done: 0, total: 1))
        let result = state.run(.moveItem("b", parent: .clear, placement: .last))
        let applied = try #require(result)
        #expect(state.completion(of: "a") == nil)
        #expect(applied.changes.items.map(\.item.id).contains("a"))
        #expect(state.completion() == Completion(done: 0, total: 2))
    }
}
