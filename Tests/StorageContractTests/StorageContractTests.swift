import ChecklistCore
import ChecklistStore
import Foundation
import StoreTestSupport
import Testing

/// The store contract every back end meets, written against `ChecklistStorage` and
/// `StoreBackend` only (see `StorageBackendKind`).
@Suite struct StorageContractTests {
    @Test(arguments: StorageBackendKind.allCases)
    func accountsAndSessions(_ kind: StorageBackendKind) throws {
        try kind.withFreshStore { store, _ in
            let ana = try run(store) { s throws(StoreError) in try s.createUser(username: "Ana", passwordHash: "hash-a")
            }
            #expect(ana.username == "Ana")
            #expect(throws: StoreError.self, "usernames are unique ignoring case") {
                try run(store) { s throws(StoreError) in try s.createUser(username: "ANA", passwordHash: "x") }
            }
            let found = try run(store) { s throws(StoreError) in try s.credentials(username: "ana") }
            #expect(found?.0 == ana)
            #expect(found?.1 == "hash-a")
            #expect(try run(store) { s throws(StoreError) in try s.credentials(username: "nobody") } == nil)

            let token: [UInt8] = Array(repeating: 7, count: 32)
            try run(store) { s throws(StoreError) in try s.createSession(tokenHash: token, for: ana.id) }
            #expect(try run(store) { s throws(StoreError) in try s.user(forTokenHash: token) } == ana)
            try run(store) { s throws(StoreError) in try s.deleteSession(tokenHash: token) }
            #expect(try run(store) { s throws(StoreError) in try s.user(forTokenHash: token) } == nil)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func editsAreEventsWithConsecutiveSeqsAndOpIDsAreIdempotentAcrossARestart(_ kind: StorageBackendKind) throws {
        try kind.withFreshStore { store, reopen in
            let ana = try run(store) { s throws(StoreError) in try s.createUser(username: "ana", passwordHash: "h") }
                .actor
            let created = try run(store) { s throws(StoreError) in
                try s.apply(.createList(id: "L", Edit.NewList(title: "Trip")), opID: "o1", by: ana)
            }
            #expect(created.acknowledgement == Acknowledgement(listID: "L", seq: 1, createdID: "L"))
            let added = try run(store) { s throws(StoreError) in
                try s.apply(.edit("L", .addItem(Edit.NewItem(id: "i1", title: "Tickets"))), opID: "o2", by: ana)
            }
            #expect(added.acknowledgement.seq == 2)

            let reopened = try reopen()
            let again = try run(reopened) { s throws(StoreError) in
                try s.apply(.edit("L", .completeList), opID: "o2", by: ana)
            }
            guard case .duplicate(let ack) = again else {
                Issue.record("a used opId was applied again: \(again)")
                return
            }
            #expect(ack == added.acknowledgement)
            #expect(
                try run(reopened) { s throws(StoreError) in try s.previousAcknowledgement(of: "o2", by: ana.userID) }
                    == ack)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aRefusedEditChangesNothingAndKeepsItsOpIDFree(_ kind: StorageBackendKind) throws {
        try kind.withFreshStore { store, _ in
            let ana = try run(store) { s throws(StoreError) in try s.createUser(username: "ana", passwordHash: "h") }
                .actor
            _ = try run(store) { s throws(StoreError) in
                try s.apply(.createList(id: "L", Edit.NewList(title: "T")), opID: "c", by: ana)
            }
            #expect(throws: StoreError.self) {
                try run(store) { s throws(StoreError) in
                    try s.apply(.share("L", username: "nobody", role: .editor), opID: "x", by: ana)
                }
            }
            #expect(
                try run(store) { s throws(StoreError) in try s.previousAcknowledgement(of: "x", by: ana.userID) } == nil
            )
            let lists = try run(store) { s throws(StoreError) in try s.lists(for: ana.userID) }.filter {
                !$0.list.isInbox
            }
            #expect(lists.map(\.list.seq) == [1])
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func subscribersCatchUpByReplayOrSnapshotAndStrangersSeeNothing(_ kind: StorageBackendKind) throws {
        try kind.withFreshStore { store, _ in
            let ana = try run(store) { s throws(StoreError) in try s.createUser(username: "ana", passwordHash: "h") }
            let bo = try run(store) { s throws(StoreError) in try s.createUser(username: "bo", passwordHash: "h") }
            _ = try run(store) { s throws(StoreError) in
                _ = try s.apply(.createList(id: "L", Edit.NewList(title: "T")), opID: "c", by: ana.actor)
                _ = try s.apply(.edit("L", .addItem(Edit.NewItem(id: "a", title: "A"))), opID: "a", by: ana.actor)
                return try s.apply(.edit("L", .addItem(Edit.NewItem(id: "b", title: "B"))), opID: "b", by: ana.actor)
            }
            let replay = try run(store) { s throws(StoreError) -> [Int64] in
                var sink = PayloadList()
                guard
                    case .replay(let count, let head) = try s.subscribe(
                        to: "L", for: ana.id, since: 1, replayingInto: &sink)
                else { return [] }
                #expect(count == 2)
                #expect(head == 3)
                return sink.payloads.compactMap(StoreFixture.seq)
            }
            #expect(replay == [2, 3], "exactly the missed events, in order, as logged")
            let snapshot = try run(store) { s throws(StoreError) -> Int in
                var sink = PayloadList()
                guard
                    case .snapshot(let snapshot) = try s.subscribe(
                        to: "L", for: ana.id, since: nil, replayingInto: &sink)
                else { return -1 }
                return snapshot.items.count
            }
            #expect(snapshot == 2)
            #expect(throws: StoreError.self, "a checklist one does not take part in is not found") {
                try run(store) { s throws(StoreError) in
                    var sink = PayloadList()
                    return try s.subscribe(to: "L", for: bo.id, since: nil, replayingInto: &sink)
                }
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func sharingAndUnsharingNameWhoGainedAndLostAccess(_ kind: StorageBackendKind) throws {
        try kind.withFreshStore { store, _ in
            let ana = try run(store) { s throws(StoreError) in try s.createUser(username: "ana", passwordHash: "h") }
            let bo = try run(store) { s throws(StoreError) in try s.createUser(username: "bo", passwordHash: "h") }
            _ = try run(store) { s throws(StoreError) in
                try s.apply(.createList(id: "L", Edit.NewList(title: "T")), opID: "c", by: ana.actor)
            }
            let shared = try run(store) { s throws(StoreError) in
                try s.apply(.share("L", username: "BO", role: .viewer), opID: "s", by: ana.actor)
            }
            guard case .applied(let sharing) = shared else { throw StoreTestFailure("share was a duplicate") }
            #expect(sharing.sharedUserID == bo.id)
            #expect(
                try run(store) { s throws(StoreError) in try s.lists(for: bo.id) }.filter { !$0.list.isInbox }.map(
                    \.role) == [.viewer])
            let unshared = try run(store) { s throws(StoreError) in
                try s.apply(.unshare("L", username: "bo"), opID: "u", by: ana.actor)
            }
            guard case .applied(let unsharing) = unshared else { throw StoreTestFailure("unshare was a duplicate") }
            #expect(unsharing.revokedUserID == bo.id)
            #expect(
                try run(store) { s throws(StoreError) in try s.lists(for: bo.id) }.filter { !$0.list.isInbox }.isEmpty)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func quickAddTargetsTheNamedListAndAResentOneIsNotParsedAgain(_ kind: StorageBackendKind) throws {
        try kind.withFreshStore { store, _ in
            let ana = try run(store) { s throws(StoreError) in try s.createUser(username: "ana", passwordHash: "h") }
                .actor
            _ = try run(store) { s throws(StoreError) in
                try s.apply(.createList(id: "G", Edit.NewList(title: "Groceries")), opID: "c", by: ana)
            }
            func quickAdd(_ text: String, newID: ItemID) throws -> EditOutcome {
                try run(store) { s throws(StoreError) in
                    try s.quickAdd(
                        text: text, defaultList: nil, timeZone: TimeZone(identifier: "UTC")!, opID: "q", by: ana,
                        newID: newID,
                        encodeParsed: { Array($0.title.utf8) }
                    )
                }
            }
            let first = try quickAdd("Milk #Groceries", newID: "i1")
            #expect(
                first.acknowledgement
                    == Acknowledgement(listID: "G", seq: 2, createdID: "i1", parsed: Array("Milk".utf8)))
            let resent = try quickAdd("Bread #Groceries", newID: "i2")
            #expect(resent.acknowledgement == first.acknowledgement)
        }
    }
}
