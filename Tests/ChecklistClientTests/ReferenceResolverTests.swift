import ChecklistClient
import Testing

@Suite struct ReferenceResolverTests {
    struct Thing: Equatable {
        let id: String
        let title: String
        var open = true
    }

    static let things = [
        Thing(id: "a1b2c3d4-0000", title: "Homework 1"),
        Thing(id: "a1ff0000-0000", title: "Homework 2"),
        Thing(id: "b0000000-0000", title: "Reading"),
        Thing(id: "c0000000-0000", title: "milk", open: false),
        Thing(id: "d0000000-0000", title: "Milk"),
    ]

    func resolve(_ reference: String) throws -> Thing {
        try ReferenceResolver.resolve(
            reference, among: Self.things.map { .init(value: $0, id: $0.id, title: $0.title) }, kind: "item"
        ) { $0.open }
    }

    @Test(arguments: [
        ("b0000000-0000", "Reading"),  // exact id
        ("reading", "Reading"),  // title, any case
        ("a1b", "Homework 1"),  // unique id prefix
        ("Read", "Reading"),  // unique title prefix
        ("MILK", "Milk"),  // two titles match: the preferred (open) one
    ])
    func resolves(reference: String, title: String) throws {
        #expect(try resolve(reference).title == title)
    }

    @Test func ambiguousListsEveryCandidate() {
        do {
            _ = try resolve("Homework")
            Issue.record("expected an ambiguity")
        } catch let ClientError.ambiguous(message, candidates) {
            #expect(message.contains("matches 2"))
            #expect(candidates == ["a1b2c3d4  Homework 1", "a1ff0000  Homework 2"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func unknownIsNotFound() {
        #expect(throws: ClientError.notFound("no item matches “zzz”")) { try resolve("zzz") }
    }
}
