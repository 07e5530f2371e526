import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Testing

/// Users' mail settings: opt-in, an address used only once its link is opened (single use,
/// expiring), one-click unsubscribe, reminders only for verified addresses, and each day's
/// digest claimed once; kept across a restart.
@Suite struct EmailSettingsStoreTests {
    static let now = Timestamp(milliseconds: 1_800_000_000_000)

    static func tokens(_ name: String) -> EmailTokens {
        EmailTokens(
            verification: "check-\(name)", verificationHash: Array("hash-\(name)".utf8), unsubscribe: "stop-\(name)")
    }

    static func change(
        _ store: StoreExecutor, _ user: UserAccount, _ change: EmailSettingsChange, tokens: String = "1",
        at now: Timestamp = now
    ) throws -> (settings: EmailSettings?, verificationToken: String?) {
        try store.sync { s throws(StoreError) in
            try s.changeEmailSettings(of: user.id, change, tokens: Self.tokens(tokens), now: now)
        }
    }

    static func verify(_ store: StoreExecutor, _ tokens: String, at now: Timestamp = now) throws -> EmailVerification {
        try store.sync { s throws(StoreError) in
            try s.verifyEmail(tokenHash: Self.tokens(tokens).verificationHash, now: now)
        }
    }

    static func unsubscribe(_ store: StoreExecutor, _ token: String) throws -> EmailSettings? {
        try store.sync { s throws(StoreError) in try s.unsubscribeEmail(token: token) }
    }

    static func delivery(for user: UserAccount) -> ReminderDelivery {
        ReminderDelivery(
            userID: user.id, listID: "l", listTitle: "CS 298",
            item: ItemView(
                item: Item(id: "hw", parent: nil, position: 0, title: "HW", createdBy: user.username, createdAt: now),
                completion: nil), kind: .before, at: now, late: false)
    }

    @Test(arguments: StorageBackendKind.allCases)
    func anAddressIsUsedOnlyOnceItsSingleUseLinkIsOpened(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            #expect(try store.sync { s throws(StoreError) in try s.emailSettings(of: olive.id) } == nil)
            let (settings, token) = try Self.change(
                store, olive, EmailSettingsChange(address: .set("olive@example.org")))
            #expect(token == "check-1")
            #expect(settings?.verified == false && settings?.reminders == true)
            let reminders = { () throws -> Int in
                try store.sync { s throws(StoreError) in try s.emailReminders(for: [Self.delivery(for: olive)]) }.count
            }
            #expect(try reminders() == 0, "an unverified address gets nothing")
            #expect(try Self.verify(store, "other") == .unknown)
            guard case .verified(let verified) = try Self.verify(store, "1") else {
                Issue.record("the link did not verify the address")
                return
            }
            #expect(verified.verified && verified.verificationHash == nil)
            #expect(try Self.verify(store, "1") == .unknown, "a link works once")
            #expect(try reminders() == 1)
            // The same address again changes nothing and sends no new link.
            let again = try Self.change(
                store, olive, EmailSettingsChange(address: .set("olive@example.org")), tokens: "2")
            #expect(again.verificationToken == nil && again.settings?.verified == true)
            // Reminders off: none by mail.
            _ = try Self.change(store, olive, EmailSettingsChange(reminders: false))
            #expect(try reminders() == 0)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aNewAddressNeedsItsOwnCheckAndALinkExpires(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            _ = try Self.change(store, olive, EmailSettingsChange(address: .set("olive@example.org")))
            let twoDaysLater = Timestamp(milliseconds: Self.now.milliseconds + StoreRules.emailVerificationLifetime)
            #expect(try Self.verify(store, "1", at: twoDaysLater) == .expired)
            // Asking again sends a new link; the new one works, the old one does not.
            let resent = try Self.change(
                store, olive, EmailSettingsChange(address: .set("olive@example.org")), tokens: "2", at: twoDaysLater)
            #expect(resent.verificationToken == "check-2")
            #expect(try Self.verify(store, "1", at: twoDaysLater) == .unknown)
            guard case .verified = try Self.verify(store, "2", at: twoDaysLater) else {
                Issue.record("the new link did not verify")
                return
            }
            let moved = try Self.change(store, olive, EmailSettingsChange(address: .set("o@example.net")), tokens: "3")
            #expect(moved.verificationToken == "check-3" && moved.settings?.verified == false)
            #expect(moved.settings?.unsubscribeToken == "stop-1", "the unsubscribe link stays the same")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func settingsNeedAnAddressAndClearingItForgetsThemAll(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            #expect(throws: StoreError.self) {
                try Self.change(store, olive, EmailSettingsChange(digest: .set(TimeOfDay("07:00")!)))
            }
            let quiet = QuietHours(from: TimeOfDay("22:00")!, to: TimeOfDay("07:00")!)
            let (settings, _) = try Self.change(
                store, olive,
                EmailSettingsChange(
                    address: .set("olive@example.org"), reminders: false, digest: .set(TimeOfDay("07:30")!),
                    quietHours: .set(quiet)))
            #expect(settings?.digest == TimeOfDay("07:30") && settings?.quietHours == quiet)
            #expect(settings?.reminders == false)
            let read = try store.sync { s throws(StoreError) in try s.emailSettings(of: olive.id) }
            #expect(read == settings)
            _ = try Self.change(store, olive, EmailSettingsChange(address: .clear))
            #expect(try store.sync { s throws(StoreError) in try s.emailSettings(of: olive.id) } == nil)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func oneClickUnsubscribeStopsRemindersAndTheDigest(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            _ = try Self.change(
                store, olive,
                EmailSettingsChange(address: .set("olive@example.org"), digest: .set(TimeOfDay("07:30")!)))
            _ = try Self.verify(store, "1")
            #expect(try Self.unsubscribe(store, "stop-other") == nil)
            let stopped = try Self.unsubscribe(store, "stop-1")
            #expect(stopped?.reminders == false && stopped?.digest == nil && stopped?.verified == true)
            #expect(try store.sync { s throws(StoreError) in try s.digestSchedule(now: Self.now) }.isEmpty)
        }
    }

    /// Today's digest: due today, overdue, habits not yet done; claimed once, then tomorrow's.
    @Test(arguments: StorageBackendKind.allCases)
    func eachDigestIsClaimedOnceWithWhatIsDueAndTheOpenHabits(_ kind: StorageBackendKind) throws {
        let now = Timestamp(Date())
        let today = RepeatDue.localDate(of: now, timeZone: "UTC")
        let midnight = TimeOfDay("00:00")!
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            _ = try Self.change(
                store, olive, EmailSettingsChange(address: .set("olive@example.org"), digest: .set(midnight)))
            _ = try Self.verify(store, "1")
            try store.createList("l", title: "CS 298", by: olive)
            try store.applied(
                .edit("l", .addItem(Edit.NewItem(id: "a", title: "Due today", due: .date(today)))), opID: "a", by: olive
            )
            try store.applied(
                .edit("l", .addItem(Edit.NewItem(id: "b", title: "Late", due: .date(today.addingDays(-2))))), opID: "b",
                by: olive)
            try store.applied(
                .createList(id: "h", Edit.NewList(title: "Habits", timeZone: "UTC", kind: .habits)), opID: "h",
                by: olive)
            try store.applied(.edit("h", .addItem(Edit.NewItem(id: "run", title: "Run"))), opID: "r", by: olive)
            try store.applied(.edit("h", .addItem(Edit.NewItem(id: "read", title: "Read"))), opID: "d", by: olive)
            try store.applied(.edit("h", .checkIn("read", date: today, value: .done)), opID: "c", by: olive)

            let todays = ScheduledDigest(userID: olive.id, at: LocalClock.instant(on: today, at: midnight, zone: "UTC"))
            let tomorrows = ScheduledDigest(
                userID: olive.id, at: LocalClock.instant(on: today.addingDays(1), at: midnight, zone: "UTC"))
            let claim = { (digest: ScheduledDigest) throws -> (digest: EmailDigest?, next: ScheduledDigest?) in
                try store.sync { s throws(StoreError) in try s.claimDigest(digest, now: now) }
            }
            let first = try claim(todays)
            #expect(first.digest?.dueToday.map(\.item.item.title) == ["Due today"])
            #expect(first.digest?.overdue.map(\.item.item.title) == ["Late"])
            #expect(first.digest?.habitsOpen.map(\.title) == ["Run"])
            #expect(first.next == tomorrows)
            let second = try claim(todays)
            #expect(second.digest == nil && second.next == tomorrows, "a digest goes once")
            let notAnInstant = ScheduledDigest(
                userID: olive.id, at: Timestamp(milliseconds: todays.at.milliseconds + 60_000))
            #expect(try claim(notAnInstant).digest == nil)
            #expect(try store.sync { s throws(StoreError) in try s.digestSchedule(now: now) } == [tomorrows])
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func mailSettingsSurviveARestart(_ kind: StorageBackendKind) throws {
        try kind.withLocation { path in
            let (olive, settings) = try kind.withStore(at: path) { store in
                let olive = try store.signUp("olive")
                let settings = try Self.change(
                    store, olive,
                    EmailSettingsChange(
                        address: .set("olive@example.org"), digest: .set(TimeOfDay("06:45")!),
                        quietHours: .set(QuietHours(from: TimeOfDay("23:00")!, to: TimeOfDay("06:00")!)))
                ).settings
                return (olive, settings)
            }
            try kind.withStore(at: path) { store in
                #expect(try store.sync { s throws(StoreError) in try s.emailSettings(of: olive.id) } == settings)
                guard case .verified = try Self.verify(store, "1") else {
                    Issue.record("the link did not work after a restart")
                    return
                }
            }
        }
    }
}
