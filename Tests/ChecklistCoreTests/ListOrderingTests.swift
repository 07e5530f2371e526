import ChecklistCore
import Testing

@Suite struct ListOrderingTests {
    private static func at(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    private static func summary(
        _ id: ListID, _ title: String, status: ListStatus = .active, due: String? = nil,
        completedAt: String? = nil, cancelledAt: String? = nil
    ) -> ListSummary {
        let created = at("2026-01-01T00:00:00Z")
        let list = Checklist(
            id: id, title: title, due: due.flatMap(Due.init(wire:)), status: status, ownerID: "u", createdAt: created,
            updatedAt: created, completedAt: completedAt.map(at), cancelledAt: cancelledAt.map(at)
        )
        return ListSummary(list: list, completion: .empty, participantCount: 1, role: .owner)
    }

    private func order(_ summaries: [ListSummary]) -> [ListID] {
        ListOrdering.sorted(summaries).map(\.list.id)
    }

    /// Sorting must not depend on the input order: try the reverse and a rotation too.
    private func expectOrder(
        _ expected: [ListID], _ summaries: [ListSummary], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let byID = Dictionary(uniqueKeysWithValues: summaries.map { ($0.list.id, $0) })
        let inOrder = expected.compactMap { byID[$0] }
        for input in [summaries, inOrder.reversed(), Array(inOrder.dropFirst() + inOrder.prefix(1))] {
            #expect(order(input) == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func activeListsBySoonestDueThenUndated() {
        expectOrder(
            ["d1", "d2", "d3", "d4", "u"],
            [
                Self.summary("u", "Undated"),
                Self.summary("d3", "Evening", due: "2027-03-12T17:00:00Z"),
                Self.summary("d1", "Earlier", due: "2027-03-11T23:59:59Z"),
                Self.summary("d4", "Next day", due: "2027-03-13"),
                Self.summary("d2", "All day", due: "2027-03-12"),
            ])
    }

    /// An all-day date counts as 00:00Z of that day: it is after the day before's late
    /// evening, before any time that day, and ties with exactly midnight.
    @Test func anAllDayDateSortsAsMidnightUTC() {
        expectOrder(
            ["late", "allDay", "midnight", "morning"],
            [
                Self.summary("morning", "A morning", due: "2027-03-12T00:00:01Z"),
                Self.summary("midnight", "B midnight", due: "2027-03-12T00:00:00Z"),
                Self.summary("allDay", "A all day", due: "2027-03-12"),
                Self.summary("late", "Z late", due: "2027-03-11T23:59:59.999Z"),
            ])
    }

    @Test func activeTiesSortByTitle() {
        expectOrder(
            ["a", "b", "c", "x", "y"],
            [
                Self.summary("c", "Gamma", due: "2027-03-12"),
                Self.summary("a", "Alpha", due: "2027-03-12"),
                Self.summary("b", "Beta", due: "2027-03-12T00:00:00Z"),
                Self.summary("y", "Zulu"),
                Self.summary("x", "Yankee"),
            ])
    }

    @Test func sectionsAreActiveThenCompletedThenCancelled() {
        expectOrder(
            ["active", "completed", "cancelled"],
            [
                Self.summary("cancelled", "A", status: .cancelled, cancelledAt: "2030-01-01T00:00:00Z"),
                Self.summary("completed", "A", status: .completed, completedAt: "2030-01-01T00:00:00Z"),
                Self.summary("active", "Z", due: "2099-01-01"),
            ])
    }

    @Test(arguments: [ListStatus.completed, .cancelled])
    func finishedListsNewestFirst(status: ListStatus) {
        func finished(_ id: ListID, _ title: String, _ time: String) -> ListSummary {
            status == .completed
                ? Self.summary(id, title, status: status, completedAt: time)
                : Self.summary(id, title, status: status, cancelledAt: time)
        }
        expectOrder(
            ["new", "mid", "old"],
            [
                finished("old", "A", "2026-01-01T00:00:00Z"),
                finished("new", "C", "2026-03-01T00:00:00.001Z"),
                finished("mid", "B", "2026-03-01T00:00:00Z"),
            ])
    }

    /// Ties among finished lists: by title ignoring case, then by id (the contract's
    /// rule; "beta" and "Beta" are one title, so the id decides).
    @Test(arguments: [ListStatus.completed, .cancelled])
    func finishedTiesByTitleIgnoringCaseThenID(status: ListStatus) {
        let time = "2026-05-05T10:00:00Z"
        func finished(_ id: ListID, _ title: String) -> ListSummary {
            status == .completed
                ? Self.summary(id, title, status: status, completedAt: time)
                : Self.summary(id, title, status: status, cancelledAt: time)
        }
        expectOrder(
            ["1", "2", "3", "4"],
            [
                finished("4", "delta"),
                finished("3", "Beta"),
                finished("2", "beta"),
                finished("1", "ALPHA"),
            ])
    }

    @Test func listsOfOneAndNoneSortTrivially() {
        #expect(ListOrdering.sorted([]).isEmpty)
        #expect(order([Self.summary("x", "X")]) == ["x"])
    }
}
