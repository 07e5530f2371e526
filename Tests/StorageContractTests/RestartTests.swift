import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Testing

/// What a restart keeps: everything committed is found as it was left by a store opened
/// again on the same data, and the log carries on without a gap.
@Suite struct RestartTests {

    /// A second open runs no migration twice and finds everything as it was left.
    @Test(arguments: StorageBackendKind.allCases)
    func reopeningAnExistingFileKeepsTheData(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let olive = try kind.withStore(at: path) { store in
                let olive = try store.signUp("Olive")
                let eddie = try store.signUp("eddie")
                try store.createList("l1", title: "Spring Cleaning", by: olive)
                try store.applied(.share("l1", username: "eddie", role: .editor), opID: "op-share", by: olive)
                try store.applied(
                    .edit(
                        "l1",
                        .updateList(Edit.ListUpdate(description: .set("house"), due: .set(Due(wire: "2027-03-12")!)))),
                    opID: "op-u", by: olive)
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "p", title: "Kitchen"))), opID: "op-p", by: olive)
                try store.applied(
                    .edit(
                        "l1",
                        .addItem(
                            Edit.NewItem(
                                id: "a", parent: "p", title: "Oven", notes: "inside too",
                                due: Due(wire: "2027-03-10T09:30:00Z"),
                                location: "Home", remindEvery: 3600
                            ))), opID: "op-a", by: eddie)
                try store.applied(
                    .edit("l1", .addItem(Edit.NewItem(id: "b", parent: "p", title: "Fridge"))), opID: "op-b", by: eddie)
                try store.applied(.edit("l1", .completeItem("a")), opID: "op-done", by: eddie)
                try store.applied(.edit("l1", .cancelItem("b")), opID: "op-cancel", by: olive)
                try store.sync { store throws(StoreError) in
                    try store.createSession(tokenHash: [7, 7, 7], for: olive.id)
                }
                return olive
            }
            try kind.withStore(at: path) { store in
                let snapshot = try store.snapshot("l1", for: olive)
                #expect(snapshot.summary.list.title == "Spring Cleaning")
                #expect(snapshot.summary.list.description == "house")
                #expect(snapshot.summary.list.due == Due(wire: "2027-03-12"))
                #expect(snapshot.summary.list.seq == 8)
                #expect(snapshot.summary.role == .owner)
                #expect(snapshot.summary.completion == Completion(done: 1, total: 1))
                #expect(snapshot.participants.map(\.username) == ["Olive", "eddie"])
                #expect(snapshot.participants.map(\.role) == [.owner, .editor])
                #expect(snapshot.items.map(\.item.id) == ["p", "a", "b"])
                let oven = try #require(snapshot.items.first { $0.item.id == "a" }?.item)
                #expect(oven.status == .done)
                #expect(oven.doneBy == "eddie")
                #expect(oven.notes == "inside too")
                #expect(oven.due == Due(wire: "2027-03-10T09:30:00Z"))
                #expect(oven.location == "Home")
                #expect(oven.remindEvery == 3600)
                #expect(oven.createdBy == "eddie")
                let fridge = try #require(snapshot.items.first { $0.item.id == "b" }?.item)
                #expect(fridge.cancelOrigin == .direct(previous: .open))
                #expect(snapshot.items.first?.completion == Completion(done: 1, total: 1))

                // Accounts and sessions survive too, and the log carries on without a gap.
                let credentials = try store.sync { store throws(StoreError) in try store.credentials(username: "olive")
                }
                #expect(credentials?.0 == olive)
                let session = try store.sync { store throws(StoreError) in try store.user(forTokenHash: [7, 7, 7]) }
                #expect(session == olive)
                let next = try store.applied(.edit("l1", .restoreItem("b")), opID: "op-restore", by: olive)
                #expect(next.event.seq == 9)
                #expect(try store.snapshot("l1", for: olive).items.first { $0.item.id == "b" }?.item.status == .open)
            }
        }
    }

    /// What a cancel must undo and who was removed are kept on disk, not only in the cache.
    @Test(arguments: StorageBackendKind.allCases)
    func cancelOriginsAndRemovedParticipantsSurviveAReopen(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let (olive, vera) = try kind.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                let vera = try store.signUp("vera")
                try store.createList("done", title: "Done", by: olive)
                try store.applied(.edit("done", .addItem(Edit.NewItem(id: "a", title: "a"))), opID: "d-a", by: olive)
                try store.applied(.edit("done", .completeItem("a")), opID: "d-done", by: olive)
                try store.applied(.edit("done", .completeList), opID: "d-complete", by: olive)
                try store.applied(.edit("done", .cancelList), opID: "d-cancel", by: olive)
                try store.createList("open", title: "Open", by: olive)
                try store.applied(.share("open", username: "vera", role: .viewer), opID: "o-share", by: olive)
                try store.applied(.edit("open", .addItem(Edit.NewItem(id: "p", title: "p"))), opID: "o-p", by: olive)
                try store.applied(
                    .edit("open", .addItem(Edit.NewItem(id: "c", parent: "p", title: "c"))), opID: "o-c", by: olive)
                try store.applied(.edit("open", .cancelItem("p")), opID: "o-cancel", by: olive)
                try store.applied(.edit("open", .cancelList), opID: "o-cancel-list", by: olive)
                let unshare = try store.applied(.unshare("open", username: "vera"), opID: "o-unshare", by: olive)
                #expect(unshare.revokedUserID == vera.id)
                return (olive, vera)
            }
            try kind.withStore(at: path) { store in
                #expect(try store.lists(for: vera).isEmpty)
                #expect(throws: StoreError.rejected(.listNotFound("open"))) {
                    try store.subscribe("open", for: vera, since: 0)
                }
                #expect(try store.snapshot("open", for: olive).participants.map(\.username) == ["olive"])

                try store.applied(.edit("done", .restoreList), opID: "d-restore", by: olive)
                #expect(try store.snapshot("done", for: olive).summary.list.status == .completed)

                try store.applied(.edit("open", .restoreList), opID: "o-restore-list", by: olive)
                try store.applied(.edit("open", .restoreItem("p")), opID: "o-restore", by: olive)
                let items = try store.snapshot("open", for: olive).items.map { ($0.item.id, $0.item.status) }
                #expect(items.map(\.0) == ["p", "c"])
                #expect(items.map(\.1) == [.open, .open])
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func reopeningSeveralTimesIsHarmless(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            for round in 1...3 {
                try kind.withStore(at: path) { store in
                    let user = try store.signUp("user\(round)")
                    try store.createList(ListID("l\(round)"), by: user)
                }
            }
            try kind.withStore(at: path) { store in
                for round in 1...3 {
                    let found = try store.sync { store throws(StoreError) in
                        try store.credentials(username: "user\(round)")
                    }
                    let user = try #require(found?.0)
                    #expect(try store.lists(for: user).map(\.list.id) == [ListID("l\(round)")])
                }
            }
        }
    }

    /// A habit checklist's check-ins are kept as they were left, set or cleared.
    @Test(arguments: StorageBackendKind.allCases)
    func checkInsSurviveARestart(_ kind: StorageBackendKind) throws {
        let today = RepeatDue.localDate(of: Timestamp(Date()), timeZone: "UTC")
        try kind.withLocation { path in
            let history = { (olive: UserAccount) throws -> [String] in
                try kind.withStore(at: path) { store in
                    try store.sync { s throws(StoreError) in
                        try s.history(of: "h", for: olive.id, from: today, to: today, username: nil).map(\.value)
                    }
                }
            }
            let olive = try kind.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                try store.applied(
                    .createList(id: "h", Edit.NewList(title: "Habits", timeZone: "UTC", kind: .habits)), opID: "h",
                    by: olive)
                try store.applied(.edit("h", .addItem(Edit.NewItem(id: "run", title: "Run"))), opID: "a", by: olive)
                try store.applied(.edit("h", .checkIn("run", date: today, value: .skipped)), opID: "c1", by: olive)
                try store.applied(.edit("h", .checkIn("run", date: today, value: .done)), opID: "c2", by: olive)
                return olive
            }
            #expect(try history(olive) == ["done"])
            _ = try kind.withStore(at: path) { store in
                try store.applied(.edit("h", .checkIn("run", date: today, value: nil)), opID: "undo", by: olive)
            }
            #expect(try history(olive).isEmpty, "a cleared check-in stays cleared")
        }
    }
}
