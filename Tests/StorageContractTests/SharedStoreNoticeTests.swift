import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Synchronization
import Testing

/// What two stores on one database tell each other besides events (`ClusterNotice`), and which
/// of them runs the reminder scheduler. Only back ends other servers may share run these.
@Suite struct SharedStoreNoticeTests {
    /// What a store's tail handed over, collected from its thread.
    final class Heard: Sendable {
        let events = Mutex<[CommittedEvent]>([])
        let notices = Mutex<[ClusterNotice]>([])
        let leads = Mutex<[Bool]>([])

        var follower: CommitFollower {
            CommitFollower(
                events: { [self] in
                    let read = $0; events.withLock { $0 += read }
                },
                notices: { [self] in
                    let read = $0; notices.withLock { $0 += read }
                })
        }

        /// Waits (at most `seconds`) until `done` holds. The bound only ends a test that fails
        /// anyway: generous, as a loaded machine delays the other store's tail by seconds.
        func wait(_ seconds: Double = 60, until done: (Heard) -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if done(self) { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return done(self)
        }
    }

    @Test(arguments: SharedStoreTests.shared)
    func noticesReachTheOtherStoreOnceTheirBatchCommits(_ kind: StorageBackendKind) throws {
        try SharedStoreTests.withTwoStores(kind) { first, second in
            let (heardByFirst, heardBySecond) = (Heard(), Heard())
            first.followOtherServers(heardByFirst.follower)
            second.followOtherServers(heardBySecond.follower)
            let olive = try first.signUp("olive")
            let pia = try first.signUp("pia")
            try first.createList("l", by: olive)
            let reminder = ScheduledReminder.occurrence(
                ReminderOccurrence(listID: "l", itemID: "a", kind: .before, at: Timestamp(milliseconds: 42_000)))
            let shared = SharedNotice(userID: pia.id, message: Array(#"{"type":"listShared"}"#.utf8))
            try first.sync { store throws(StoreError) in
                let share = try store.apply(
                    .share("l", username: "pia", role: .editor), opID: "share", by: olive.actor)
                guard case .applied(let applied) = share else { throw .failure("the share was a duplicate") }
                try store.publish([
                    .eventNotices(listID: "l", seq: applied.event.seq, revokedUserID: nil, shared: shared),
                    .loggedOut(tokenHash: [1, 2, 3]),
                    .told(userID: olive.id, message: Array(#"{"type":"reminderDismissed"}"#.utf8)),
                    .settings(userID: olive.id, timeZone: "Europe/Vienna"),
                    .schedule([reminder]),
                ])
            }
            let ofL = { (heard: Heard) in heard.events.withLock { $0 }.filter { $0.listID == "l" } }
            #expect(heardBySecond.wait { $0.notices.withLock { $0.count } == 4 && ofL($0).count == 2 })
            #expect(
                heardBySecond.notices.withLock { $0 } == [
                    .loggedOut(tokenHash: [1, 2, 3]),
                    .told(userID: olive.id, message: Array(#"{"type":"reminderDismissed"}"#.utf8)),
                    .settings(userID: olive.id, timeZone: "Europe/Vienna"), .schedule([reminder]),
                ])
            let events = ofL(heardBySecond).sorted { $0.seq < $1.seq }
            #expect(events.map(\.seq) == [1, 2])
            #expect(events[1].shared == shared, "the share's notice rides on its event's row")
            #expect(events[0].shared == nil && events[0].revokedUserID == nil)
            #expect(heardByFirst.notices.withLock { $0 }.isEmpty, "a store does not hear its own notices")
        }
    }

    /// A transaction held open on the database holds back neither notices nor events: each
    /// reaches the other store within a few turns of its tail, and once, also after the
    /// transaction ended.
    @Test(arguments: SharedStoreTests.shared)
    func noticesReachTheOtherStoreWhileATransactionHoldsTheHorizon(_ kind: StorageBackendKind) throws {
        try kind.withLocation { location in
            try kind.withStore(at: location) { first in
                try kind.withStore(at: location) { second in
                    let heard = Heard()
                    // A tail reads what commits after its first turn.
                    let turned = Mutex(false)
                    var follower = heard.follower
                    follower.lag = { _ in turned.withLock { $0 = true } }
                    second.followOtherServers(follower)
                    #expect(heard.wait { _ in turned.withLock { $0 } }, "the tail took a turn")
                    let olive = try first.signUp("olive")
                    let told = ClusterNotice.told(
                        userID: olive.id, message: Array(#"{"type":"reminderDismissed"}"#.utf8))
                    try first.sync { store throws(StoreError) in try store.publish([told]) }
                    #expect(heard.wait { $0.notices.withLock { $0 } == [told] }, "the tail follows")
                    try first.createList("l", by: olive)
                    let seqsOfL = { (heard: Heard) in
                        heard.events.withLock { $0 }.filter { $0.listID == "l" }.map(\.seq)
                    }
                    #expect(heard.wait { seqsOfL($0) == [1] }, "the tail follows events")

                    let server = try TestPostgres.server()
                    let database = String(
                        location.database.split(separator: "/").last?.split(separator: "?").first ?? "")
                    let held = DispatchGroup()
                    DispatchQueue.global().async(group: held) {
                        _ = try? server.sql(
                            "BEGIN; SELECT pg_current_xact_id(); SELECT pg_sleep(120); COMMIT;", in: database)
                    }
                    let holder = { () -> String in
                        (try? server.sql(
                            """
                            SELECT pid FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND query LIKE '%pg_sleep(120)%'
                            """, in: database)) ?? ""
                    }
                    #expect(heard.wait(30) { _ in !holder().isEmpty }, "the transaction holds an xid")

                    let loggedOut = ClusterNotice.loggedOut(tokenHash: [4, 5, 6])
                    try first.sync { store throws(StoreError) in try store.publish([loggedOut, told]) }
                    #expect(
                        heard.wait(5) { $0.notices.withLock { $0 } == [told, loggedOut, told] },
                        "heard while the transaction is open")
                    try first.applied(
                        .edit("l", .addItem(Edit.NewItem(id: "a", title: "While held"))), opID: "held", by: olive)
                    #expect(heard.wait(5) { seqsOfL($0) == [1, 2] }, "an event heard while the transaction is open")
                    #expect(!holder().isEmpty, "the transaction was still open")

                    let pid = holder()
                    if !pid.isEmpty { _ = try server.sql("SELECT pg_terminate_backend(\(pid))", in: database) }
                    _ = held.wait(timeout: .now() + 150)
                    try first.sync { store throws(StoreError) in
                        try store.publish([.settings(userID: olive.id, timeZone: "UTC")])
                    }
                    #expect(heard.wait(10) { $0.notices.withLock { $0 }.count == 4 })
                    Thread.sleep(forTimeInterval: 1)
                    #expect(
                        heard.notices.withLock { $0 } == [
                            told, loggedOut, told, .settings(userID: olive.id, timeZone: "UTC"),
                        ],
                        "nothing twice once the horizon moved on")
                    #expect(seqsOfL(heard) == [1, 2], "no event twice once the horizon moved on")
                }
            }
        }
    }

    @Test(arguments: SharedStoreTests.shared)
    func theHeadCheckFindsWhatTheOtherStoreCommittedWithItsNotices(_ kind: StorageBackendKind) throws {
        try SharedStoreTests.withTwoStores(kind) { first, second in
            let olive = try first.signUp("olive")
            _ = try first.signUp("pia")
            try first.createList("l", by: olive)
            try first.createList("m", by: olive)
            let shared = SharedNotice(userID: "u-pia", message: Array(#"{"type":"listShared"}"#.utf8))
            try first.sync { store throws(StoreError) in
                let share = try store.apply(.share("l", username: "pia", role: .editor), opID: "share", by: olive.actor)
                guard case .applied(let applied) = share else { throw .failure("the share was a duplicate") }
                try store.publish([
                    .eventNotices(listID: "l", seq: applied.event.seq, revokedUserID: nil, shared: shared)
                ])
            }
            try first.applied(.edit("l", .addItem(.init(id: "a", title: "A"))), opID: "a", by: olive)
            let heads = try second.sync { store throws(StoreError) in
                try store.storedHeads(after: ["l": 1, "m": 1, "gone": 0])
            }
            #expect(heads.map(\.listID) == ["l"], "only the checklists that moved")
            #expect(heads.first?.head == 3)
            #expect(heads.first?.notices.map(\.seq) == [2])
            #expect(heads.first?.notices.first?.shared == shared)
        }
    }

    @Test(arguments: SharedStoreTests.shared)
    func oneStoreRunsTheSchedulerAndTheOtherTakesOverWhenItCloses(_ kind: StorageBackendKind) throws {
        try kind.withLocation { location in
            try kind.withStore(at: location) { second in
                let heardBySecond = Heard()
                try kind.withStore(at: location) { first in
                    let heardByFirst = Heard()
                    first.leadScheduling { leads in heardByFirst.leads.withLock { $0.append(leads) } }
                    #expect(heardByFirst.wait { $0.leads.withLock { $0 } == [true] })
                    second.leadScheduling { leads in heardBySecond.leads.withLock { $0.append(leads) } }
                    Thread.sleep(forTimeInterval: 1.5)
                    #expect(heardBySecond.leads.withLock { $0 }.isEmpty, "one scheduler at a time")
                }
                #expect(heardBySecond.wait(5) { $0.leads.withLock { $0 } == [true] }, "taken over within 5 s")
            }
        }
    }
}
