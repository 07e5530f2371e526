import ChecklistCore
import ChecklistStore
import Dispatch
import Synchronization
import Testing
import StorageRules
import StoreTestSupport

/// Many edits in one batch, each named ahead as the server names it (`BatchLookAhead`): a back
/// end that locks the batch's checklists and looks up its ops at once (PostgreSQL) must give
/// every edit the outcome a lone edit gets.
@Suite struct BatchLookAheadTests {
    @Test(arguments: StorageBackendKind.allCases)
    func editsOfOneBatchGetTheOutcomesOfLoneEdits(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let pete = try store.signUp("pete")
            try store.createList("l1", by: olive, opID: "create-1")
            try store.createList("l2", by: olive, opID: "create-2")
            try store.createList("p1", by: pete, opID: "create-1")
            let earlier = try store.applied(
                .edit("l1", .addItem(Edit.NewItem(id: "a", title: "a"))), opID: "a", by: olive)

            let edits: [(EditRequest, String, UserAccount)] = [
                (.edit("l1", .addItem(Edit.NewItem(id: "b", title: "b"))), "b", olive),
                (.edit("l2", .addItem(Edit.NewItem(id: "c", title: "c"))), "c", olive),
                // Resent after its commit: the original acknowledgement.
                (.edit("l1", .addItem(Edit.NewItem(id: "a2", title: "again"))), "a", olive),
                // Sent twice in the same batch: applied once.
                (.edit("l2", .addItem(Edit.NewItem(id: "d", title: "d"))), "d", olive),
                (.edit("l2", .addItem(Edit.NewItem(id: "d2", title: "twice"))), "d", olive),
                // Another author's identical opId is a new edit.
                (.edit("p1", .addItem(Edit.NewItem(id: "e", title: "e"))), "b", pete),
                // Named ahead but not there: refused as a lone edit is.
                (.edit("missing", .addItem(Edit.NewItem(id: "f", title: "f"))), "f", olive),
                // A new checklist, named ahead under its new id.
                (.createList(id: "l3", Edit.NewList(title: "New")), "g", olive),
                (.edit("l3", .addItem(Edit.NewItem(id: "h", title: "h"))), "h", olive),
            ]
            let outcomes = try Self.inOneBatch(edits, on: store)

            #expect(outcomes[0].applied?.event.seq == 3)
            #expect(outcomes[1].applied?.event.seq == 2)
            #expect(outcomes[2].duplicate == earlier.acknowledgement)
            #expect(outcomes[3].applied?.event.seq == 3)
            #expect(outcomes[4].duplicate == outcomes[3].applied?.acknowledgement)
            #expect(outcomes[5].applied?.event.seq == 2)
            #expect(outcomes[6].refusal == .listNotFound("missing"))
            #expect(outcomes[7].applied?.event.seq == 1)
            #expect(outcomes[8].applied?.event.seq == 2)
            #expect(try store.snapshot("l1", for: olive).summary.list.seq == 3)
            #expect(try store.snapshot("l2", for: olive).summary.list.seq == 3)
            #expect(try store.log("l2", for: olive).count == 3)
            #expect(try store.snapshot("p1", for: pete).summary.list.seq == 2)
            // And after the batch, the ops it wrote are found when resent.
            #expect(
                try store.apply(.edit("l2", .completeList), opID: "d", by: olive).acknowledgement
                    == outcomes[3].applied?.acknowledgement)
        }
    }

    /// Submits every edit while the store thread is held by a job of its own, so that they run
    /// as one batch, and returns their outcomes in order.
    static func inOneBatch(_ edits: [(EditRequest, String, UserAccount)], on store: StoreExecutor) throws
        -> [Result<EditOutcome, StoreError>]
    {
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        store.submit(
            { _ in
                held.signal()
                gate.wait()
                return { _ in }
            }, abandoned: { _ in held.signal() })
        held.wait()
        let results = Mutex<[Int: Result<EditOutcome, StoreError>]>([:])
        let answered = DispatchSemaphore(value: 0)
        for (index, (request, opID, user)) in edits.enumerated() {
            store.submit(
                { rules in
                    let result: Result<EditOutcome, StoreError>
                    do throws(StoreError) {
                        result = .success(try rules.apply(request, opID: opID, by: user.actor))
                    } catch {
                        result = .failure(error)
                    }
                    return { committed in
                        results.withLock { $0[index] = committed ? result : .failure(.failure("not committed")) }
                        answered.signal()
                    }
                }, lookAhead: StoreFixture.lookAhead(request, opID: opID, by: user),
                abandoned: { error in
                    results.withLock { $0[index] = .failure(error) }
                    answered.signal()
                })
        }
        gate.signal()
        for _ in edits { answered.wait() }
        return results.withLock { answers in edits.indices.map { answers[$0] ?? .failure(.failure("no answer")) } }
    }
}

extension Result where Success == EditOutcome, Failure == StoreError {
    fileprivate var applied: AppliedEvent? {
        if case .success(.applied(let event)) = self { event } else { nil }
    }

    fileprivate var duplicate: Acknowledgement? {
        if case .success(.duplicate(let ack)) = self { ack } else { nil }
    }

    fileprivate var refusal: DomainError? {
        if case .failure(.rejected(let refusal)) = self { refusal } else { nil }
    }
}
