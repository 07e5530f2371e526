import ChecklistCore
import ChecklistStore
import Testing
import StorageRules
import StoreTestSupport

@Suite struct EventLogTests {
    /// A list with `count` events: the creation, then item edits (with refusals in between,
    /// which must leave no gap).
    private func listWithEvents(_ count: Int, in store: StoreExecutor, by user: UserAccount) throws {
        try store.createList("l1", by: user)
        for n in 2...count {
            let request: EditRequest =
                n % 3 == 0
                ? .edit("l1", .updateList(Edit.ListUpdate(title: "title \(n)")))
                : .edit("l1", .addItem(Edit.NewItem(id: ItemID("i\(n)"), title: "item \(n)")))
            let event = try store.applied(request, opID: "op-\(n)", by: user)
            #expect(event.event.seq == Int64(n))
            #expect(event.payload == StoreFixture.encode(event.event))
            #expect(throws: StoreError.self) {
                try store.apply(.edit("l1", .completeItem("ghost")), opID: "bad-\(n)", by: user)
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func seqHasNoGapsAcrossManyEditsAndAReopen(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let olive = try kind.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try listWithEvents(40, in: store, by: olive)
                #expect(try store.log("l1", for: olive).map(StoreFixture.seq) == (1...40).map { Int64($0) })
                return olive
            }
            try kind.withStore(at: path) { store in
                for n in 41...60 {
                    let event = try store.applied(
                        .edit("l1", .updateList(Edit.ListUpdate(title: "again \(n)"))), opID: "op-\(n)", by: olive)
                    #expect(event.event.seq == Int64(n))
                }
                let log = try store.log("l1", for: olive)
                #expect(log.map(StoreFixture.seq) == (1...60).map { Int64($0) })
                #expect(StoreFixture.label(log[0]) == "l1#1#create-l1#createList")
                #expect(StoreFixture.label(log[59]) == "l1#60#op-60#updateList")
            }
        }
    }

    /// Subscribing with `since: k` replays exactly the stored events `k+1 … head`.
    @Test(arguments: StorageBackendKind.allCases, [0, 1, 12, 24, 25])
    func replaySinceKReturnsTheEventsAfterIt(_ kind: StorageBackendKind, since: Int) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try listWithEvents(25, in: store, by: olive)
            guard case .replay(let payloads, let head) = try store.subscribe("l1", for: olive, since: Int64(since))
            else {
                Issue.record("expected a replay since \(since)")
                return
            }
            #expect(head == 25)
            #expect(payloads.map(StoreFixture.seq) == (since + 1..<26).map { Int64($0) })
        }
    }

    /// A range of the log read for a server whose events came from elsewhere: whoever asks,
    /// exactly the events in the range, and `false` when the log does not hold all of them.
    @Test(arguments: StorageBackendKind.allCases)
    func aRangeOfTheLogIsReadAsLoggedAndAMissingEventIsSaid(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try listWithEvents(6, in: store, by: olive)
            let read = { (after: Int64, through: Int64) throws -> (Bool, [Int64?]) in
                try store.sync { s throws(StoreError) in
                    var sink = PayloadList()
                    let complete = try s.events(of: "l1", after: after, through: through, into: &sink)
                    return (complete, sink.payloads.map(StoreFixture.seq))
                }
            }
            let middle = try read(2, 5)
            #expect(middle.0 && middle.1 == [3, 4, 5])
            let nothing = try read(6, 6)
            #expect(nothing.0 && nothing.1.isEmpty, "nothing to read is complete")
            #expect(try read(4, 7).0 == false, "7 is not in the log")
        }
    }

    @Test(arguments: StorageBackendKind.allCases, [Int64?.none, 26, 1_000, -1])
    func sinceMissingPastTheHeadOrNegativeGetsASnapshot(_ kind: StorageBackendKind, since: Int64?) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try listWithEvents(25, in: store, by: olive)
            guard case .snapshot(let snapshot) = try store.subscribe("l1", for: olive, since: since) else {
                Issue.record("expected a snapshot for since \(String(describing: since))")
                return
            }
            #expect(snapshot.summary.list.seq == 25)
        }
    }

    /// At most `replayWindow` events are replayed; a subscriber further behind gets a snapshot.
    @Test(arguments: StorageBackendKind.allCases)
    func tooFarBehindGetsASnapshot(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let window = StoreRules.replayWindow
            let actor = olive.actor
            // All in one job (one transaction) to keep the test quick.
            try store.sync { store throws(StoreError) in
                for n in 2...(window + 2) {
                    _ = try store.apply(
                        .edit("l1", .updateList(Edit.ListUpdate(title: "t\(n)"))), opID: "op-\(n)", by: actor)
                }
            }
            let head = window + 2
            guard case .snapshot(let snapshot) = try store.subscribe("l1", for: olive, since: 1) else {
                Issue.record("expected a snapshot \(window + 1) events behind")
                return
            }
            #expect(snapshot.summary.list.seq == head)
            guard case .replay(let payloads, let replayedHead) = try store.subscribe("l1", for: olive, since: 2) else {
                Issue.record("expected a replay \(window) events behind")
                return
            }
            #expect(replayedHead == head)
            #expect(Int64(payloads.count) == window)
            #expect(payloads.first.flatMap(StoreFixture.seq) == 3)
            #expect(payloads.last.flatMap(StoreFixture.seq) == head)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func theSnapshotShowsTheListAsTheReaderSeesIt(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let vera = try store.signUp("vera")
            try store.createList("l1", by: olive)
            try store.applied(.share("l1", username: "VERA", role: .viewer), opID: "op-share", by: olive)
            for (n, (id, parent)) in ([("p", nil), ("a", "p"), ("b", "p"), ("c", nil)] as [(ItemID, ItemID?)])
                .enumerated()
            {
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: id, parent: parent, title: id.rawValue))), opID: "op-\(n)",
                    by: olive)
            }
            try store.applied(.edit("l1", .completeItem("a")), opID: "op-done", by: olive)
            let snapshot = try store.snapshot("l1", for: vera)
            #expect(snapshot.summary.role == .viewer)
            #expect(snapshot.summary.participantCount == 2)
            #expect(snapshot.summary.completion == Completion(done: 1, total: 3))
            #expect(snapshot.participants.map(\.username) == ["olive", "vera"])
            #expect(snapshot.items.map(\.item.id) == ["p", "a", "b", "c"])
            #expect(snapshot.items.map(\.completion) == [Completion(done: 1, total: 2), nil, nil, nil])
        }
    }

    /// A stranger gets the same `notFound` for an existing list as for a missing one.
    @Test(arguments: StorageBackendKind.allCases)
    func strangersGetNotFoundForAnExistingList(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let sam = try store.signUp("sam")
            try store.createList("l1", by: olive)
            let missing = DomainError.listNotFound("l1")
            #expect(throws: StoreError.rejected(missing)) { try store.subscribe("l1", for: sam, since: 0) }
            #expect(throws: StoreError.rejected(missing)) {
                try store.apply(.edit("l1", .updateList(Edit.ListUpdate(title: "mine"))), opID: "op", by: sam)
            }
            #expect(throws: StoreError.rejected(missing)) {
                try store.apply(.share("l1", username: "sam", role: .editor), opID: "op2", by: sam)
            }
            #expect(throws: StoreError.rejected(DomainError.listNotFound("nope"))) {
                try store.subscribe("nope", for: sam, since: 0)
            }
            #expect(try store.lists(for: sam).isEmpty)
            #expect(try store.snapshot("l1", for: olive).summary.list.title == "CS 298")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func sharingWithAnUnknownUsernameIsNotFound(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let error = #expect(throws: StoreError.self) {
                try store.apply(.share("l1", username: "ghost", role: .editor), opID: "op", by: olive)
            }
            guard case .rejected(let domain)? = error else { return }
            #expect(domain.kind == "notFound")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func creatingAListWithAnIDInUseIsAConflict(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let error = #expect(throws: StoreError.self) {
                try store.apply(.createList(id: "l1", Edit.NewList(title: "again")), opID: "op-again", by: olive)
            }
            guard case .rejected(let domain)? = error else { return }
            #expect(domain.kind == "conflict")
        }
    }

    /// `lists(for:)` gives every list the user takes part in, in view order, with their role.
    @Test(arguments: StorageBackendKind.allCases)
    func listsAreInViewOrderWithTheReadersRole(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let eddie = try store.signUp("eddie")
            try store.createList("undated", title: "Undated", by: olive)
            try store.applied(
                .createList(id: "soon", Edit.NewList(title: "Soon", due: Due(wire: "2027-03-12"))), opID: "c-soon",
                by: eddie)
            try store.applied(.share("soon", username: "olive", role: .viewer), opID: "s-soon", by: eddie)
            try store.createList("done", title: "Done", by: olive)
            try store.applied(.edit("done", .completeList), opID: "complete-done", by: olive)
            try store.createList("gone", title: "Gone", by: olive)
            try store.applied(.edit("gone", .cancelList), opID: "cancel-gone", by: olive)
            try store.createList("later", title: "Later", by: olive)
            try store.applied(
                .edit("later", .updateList(Edit.ListUpdate(due: .set(Due(wire: "2027-03-12T17:00:00Z")!)))),
                opID: "u-later", by: olive)

            let lists = try store.lists(for: olive)
            #expect(lists.map(\.list.id) == ["soon", "later", "undated", "done", "gone"])
            #expect(lists.map(\.role) == [.viewer, .owner, .owner, .owner, .owner])
            #expect(try store.lists(for: eddie).map(\.list.id) == ["soon"])
        }
    }
}

extension DomainError {
    var kind: String {
        switch self {
        case .badRequest: "badRequest"
        case .forbidden: "forbidden"
        case .notFound: "notFound"
        case .conflict: "conflict"
        case .tooLarge: "tooLarge"
        }
    }
}
