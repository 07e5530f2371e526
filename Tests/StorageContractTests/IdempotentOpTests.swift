import ChecklistCore
import ChecklistStore
import Foundation
import Testing
import StorageRules
import StoreTestSupport

@Suite struct IdempotentOpTests {
    /// A resent `opId` gets the original acknowledgement, whatever the body, and changes nothing.
    @Test(
        arguments: StorageBackendKind.allCases,
        [
            EditRequest.createList(id: "l1", Edit.NewList(title: "Same body")),
            .edit("l1", .updateList(Edit.ListUpdate(title: "A different body"))),
            .edit("no-such-list", .completeList),
            .share("l1", username: "nobody", role: .viewer),
        ])
    func aUsedOpIDReturnsTheOriginalAck(_ kind: StorageBackendKind, resent: EditRequest) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let first = try store.applied(
                .createList(id: "l1", Edit.NewList(title: "Same body")), opID: "op-1", by: olive)
            #expect(first.acknowledgement == Acknowledgement(listID: "l1", seq: 1, createdID: "l1"))

            let again = try store.apply(resent, opID: "op-1", by: olive)
            guard case .duplicate(let ack) = again else {
                Issue.record("expected a duplicate, got \(again)")
                return
            }
            #expect(ack == first.acknowledgement)
            #expect(again.acknowledgement == first.acknowledgement)
            let snapshot = try store.snapshot("l1", for: olive)
            #expect(snapshot.summary.list.title == "Same body")
            #expect(snapshot.summary.list.seq == 1)
            #expect(try store.log("l1", for: olive).count == 1)
        }
    }

    /// A resent quickAdd is not parsed again: it gets the `parsed` bytes stored with the op,
    /// also after the file is reopened.
    @Test(arguments: StorageBackendKind.allCases)
    func aDuplicateQuickAddReturnsTheStoredParsedBytes(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let olive = try kind.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try store.createList("l1", title: "Groceries", by: olive)
                return olive
            }
            func quickAdd(_ text: String, newID: ItemID, in store: StoreExecutor) throws(StoreError) -> EditOutcome {
                try store.sync { store throws(StoreError) in
                    try store.quickAdd(
                        text: text, defaultList: nil, timeZone: TimeZone(identifier: "UTC")!, opID: "op-q",
                        by: olive.actor,
                        newID: newID, encodeParsed: { Array("title=\($0.title)".utf8) }
                    )
                }
            }
            let first = try kind.withStore(at: path) { store in
                let first = try quickAdd("Milk #Groceries", newID: "item-1", in: store)
                let again = try quickAdd("Bread #Groceries", newID: "item-2", in: store)
                guard case .applied = first, case .duplicate = again else {
                    throw StoreTestFailure("expected applied then duplicate, got \(first) and \(again)")
                }
                #expect(
                    first.acknowledgement
                        == Acknowledgement(listID: "l1", seq: 2, createdID: "item-1", parsed: Array("title=Milk".utf8)))
                #expect(again.acknowledgement == first.acknowledgement)
                return first.acknowledgement
            }
            let (afterReopen, items) = try kind.withStore(at: path) { store in
                (
                    try quickAdd("Eggs #Groceries", newID: "item-3", in: store).acknowledgement,
                    try store.snapshot("l1", for: olive).items
                )
            }
            #expect(afterReopen == first)
            #expect(items.map(\.item.id) == ["item-1"])
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aDuplicateAddItemReturnsTheCreatedID(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            let add = EditRequest.edit("l1", .addItem(Edit.NewItem(id: "item-9", title: "Once")))
            let first = try store.applied(add, opID: "op-add", by: olive)
            let again = try store.apply(
                .edit("l1", .addItem(Edit.NewItem(id: "item-10", title: "Twice"))), opID: "op-add", by: olive)
            #expect(again.acknowledgement == Acknowledgement(listID: "l1", seq: 2, createdID: "item-9"))
            #expect(again.acknowledgement == first.acknowledgement)
            #expect(try store.snapshot("l1", for: olive).items.map(\.item.id) == ["item-9"])
        }
    }

    /// Time-ordered opIds, as Checkwire's clients make them, arriving a little out of order:
    /// each new one is applied, and each resent one, the newest included, gets its original
    /// ack, also after reopening.
    @Test(arguments: StorageBackendKind.allCases)
    func timeOrderedOpIDsOutOfOrderAreAppliedOnceAndFoundWhenResent(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let (olive, acks) = try kind.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try store.createList("l1", by: olive, opID: "0001")
                var acks: [String: Acknowledgement] = [:]
                for opID in ["0002", "0003", "0005"] {
                    let item = ItemID("item-\(opID)")
                    acks[opID] =
                        try store.applied(
                            .edit("l1", .addItem(Edit.NewItem(id: item, title: opID))), opID: opID, by: olive
                        )
                        .acknowledgement
                }
                // Sorts before the newest ("0005") and was never used: a new edit.
                acks["0004"] =
                    try store.applied(
                        .edit("l1", .addItem(Edit.NewItem(id: "item-0004", title: "late"))), opID: "0004", by: olive
                    )
                    .acknowledgement
                for opID in ["0005", "0002", "0004"] {
                    let again = try store.apply(.edit("l1", .completeList), opID: opID, by: olive)
                    guard case .duplicate(let original) = again else {
                        throw StoreTestFailure("\(opID) resent was applied again: \(again)")
                    }
                    #expect(original == acks[opID])
                }
                return (olive, acks)
            }
            // Reopened: a resend of the newest is still found.
            try kind.withStore(at: path) { store in
                guard
                    case .duplicate(let original) = try store.apply(.edit("l1", .completeList), opID: "0005", by: olive)
                else { throw StoreTestFailure("the newest opId was applied again after reopening") }
                #expect(original == acks["0005"])
                let next = try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "item-0006", title: "next"))), opID: "0006", by: olive)
                #expect(next.event.seq == 6)
                #expect(try store.log("l1", for: olive).count == 6)
            }
        }
    }

    /// `opId`s are unique per author: another user's identical `opId` is a new edit.
    @Test(arguments: StorageBackendKind.allCases)
    func differentUsersMayReuseAnOpID(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let eddie = try store.signUp("eddie")
            try store.createList("l1", by: olive, opID: "op-1")
            try store.applied(.share("l1", username: "eddie", role: .editor), opID: "op-2", by: olive)
            let his = try store.applied(
                .edit("l1", .addItem(Edit.NewItem(id: "x", title: "his"))), opID: "op-1", by: eddie)
            #expect(his.event.seq == 3)
            #expect(his.event.by == "eddie")
            let alsoHis = try store.applied(
                .createList(id: "l2", Edit.NewList(title: "his own")), opID: "op-2", by: eddie)
            #expect(alsoHis.acknowledgement == Acknowledgement(listID: "l2", seq: 1, createdID: "l2"))
        }
    }

    /// A refused edit changed nothing, so its `opId` is still free for a corrected resend.
    @Test(arguments: StorageBackendKind.allCases)
    func aRefusedOpDoesNotUseUpItsOpID(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            try store.createList("l1", by: olive)
            #expect(throws: StoreError.self) {
                try store.apply(.edit("l1", .completeItem("ghost")), opID: "op-x", by: olive)
            }
            let fixed = try store.applied(
                .edit("l1", .addItem(Edit.NewItem(id: "ghost", title: "now real"))), opID: "op-x", by: olive)
            #expect(fixed.event.seq == 2)
        }
    }

    /// Also after a server restart.
    @Test(arguments: StorageBackendKind.allCases)
    func duplicatesAreRecognisedAfterReopening(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let (olive, ack) = try kind.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try store.createList("l1", by: olive)
                let event = try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "a", title: "a"))), opID: "op-a", by: olive)
                return (olive, event.acknowledgement)
            }
            try kind.withStore(at: path) { store in
                let again = try store.apply(
                    .edit("l1", .addItem(Edit.NewItem(id: "b", title: "b"))), opID: "op-a", by: olive)
                guard case .duplicate(let original) = again else {
                    Issue.record("expected a duplicate after reopening, got \(again)")
                    return
                }
                #expect(original == ack)
                #expect(try store.snapshot("l1", for: olive).items.map(\.item.id) == ["a"])
            }
        }
    }
}

extension IdempotentOpTests {
    /// `opId`s and ids are compared whole: JSON allows `\u0000` in them, and two that differ
    /// only after it are different ops, and an id with it reads back intact.
    @Test(arguments: StorageBackendKind.allCases)
    func opIDsThatDifferOnlyAfterANulAreDifferentOps(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let olive = try store.signUp("olive")
            let listID: ListID = "list\u{0}one"
            let created = try store.applied(
                .createList(id: listID, Edit.NewList(title: "Nul")), opID: "op\u{0}a", by: olive)
            #expect(created.acknowledgement.listID == listID)
            let second = try store.apply(
                .edit(listID, .addItem(Edit.NewItem(id: "x", title: "x"))), opID: "op\u{0}b", by: olive)
            guard case .applied(let event) = second else {
                Issue.record("op\\u0000b was taken for op\\u0000a: \(second)")
                return
            }
            #expect(event.acknowledgement.seq == 2)
            guard case .duplicate(let ack) = try store.apply(.edit(listID, .completeList), opID: "op\u{0}a", by: olive)
            else {
                Issue.record("op\\u0000a was not recognised as used")
                return
            }
            #expect(ack == created.acknowledgement)
        }
    }
}
