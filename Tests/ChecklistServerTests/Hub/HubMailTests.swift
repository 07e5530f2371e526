@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// Mail in the hub, with the clock as an input: a fired reminder no connection took live and
/// no device took by push is mailed once after the fallback; quiet hours hold it to their
/// end; digests are claimed when due and the next one is held. Minutes and days pass in
/// microseconds.
@Suite struct HubMailTests {
    let ana = UserAccount(id: "u-ana", username: "ana", timeZone: "Europe/Berlin")
    let bob = UserAccount(id: "u-bob", username: "bob")

    func emailReminder(for user: UserAccount, item: ItemID = "a", at: Timestamp, quiet: QuietHours? = nil)
        -> EmailReminder
    {
        EmailReminder(
            delivery: ReminderDelivery(
                userID: user.id, listID: "L", listTitle: "Physics",
                item: ItemView(
                    item: Item(id: item, parent: nil, position: 0, title: "Lab", createdBy: "ana", createdAt: at),
                    completion: nil), kind: .every, at: at, late: false),
            email: EmailSettings(
                userID: user.id, address: "\(user.username)@example.org", verified: true, quietHours: quiet,
                unsubscribeToken: "stop"),
            timeZone: user.timeZone)
    }

    /// Starts the hub and fires one reminder for each of `emails`' users; returns the actions.
    func fire(_ h: HubHarness, _ emails: [EmailReminder], messagesFor users: [UserID] = []) throws -> [HubAction] {
        h.start()
        let loads = h.storeRequests()
        #expect(loads.contains { if case .digestSchedule = $0.command { true } else { false } })
        let load = try #require(loads.first { if case .reminderSchedule = $0.command { true } else { false } })
        let due = ScheduledReminder.occurrence(
            ReminderOccurrence(listID: "L", itemID: "a", kind: .every, at: h.wallClock))
        h.store(load, .success(.schedule([due])))
        let fire = try #require(h.storeRequests().first)
        var fired = FiredReminders(messages: users.map { ($0, Array("{}".utf8)) }, fired: 1, late: 0, next: [])
        fired.emails = emails
        h.store(fire, .success(.fired(fired)))
        return h.take()
    }

    static func mailWake(_ actions: [HubAction]) -> Timestamp? {
        actions.compactMap { if case .wakeMail(let at) = $0 { at } else { nil } }.last
    }

    static func mails(_ actions: [HubAction]) -> [OutgoingMail] {
        actions.compactMap { if case .mail(let mail) = $0 { mail } else { nil } }
    }

    @Test func aReminderNoDeviceTookIsMailedOnceAfterTheFallback() throws {
        let h = HubHarness(mailAvailable: true)
        let start = h.wallClock
        let reminder = emailReminder(for: bob, at: start)
        let actions = try fire(h, [reminder])
        #expect(Self.mailWake(actions) == Timestamp(milliseconds: start.milliseconds + 60_000))
        h.wallClock = Timestamp(milliseconds: start.milliseconds + 59_999)
        h.wakeMail()
        #expect(h.storeRequests().isEmpty, "not before the fallback")
        h.wallClock = Timestamp(milliseconds: start.milliseconds + 60_000)
        h.wakeMail()
        let check = try #require(h.storeRequests().first)
        guard case .currentEmail(let reminders) = check.command else {
            Issue.record("expected the settings check, got \(check.command)")
            return
        }
        #expect(reminders == [reminder])
        h.store(check, .success(.emailReminders(reminders)))
        let sent = Self.mails(h.take())
        #expect(sent.count == 1)
        if case .reminder(let mailed) = sent.first { #expect(mailed == reminder) } else { Issue.record("\(sent)") }
        h.wallClock = Timestamp(milliseconds: start.milliseconds + 3_600_000)
        h.wakeMail()
        #expect(h.take().isEmpty, "once")
    }

    @Test func aReminderTakenLiveOrByPushIsNotMailed() throws {
        let h = HubHarness(mailAvailable: true)
        let c = h.open(1)
        h.authenticate(c, as: ana)
        h.answerMissedReminders()
        let start = h.wallClock
        // Ana is connected and takes hers live; Bob's phone takes his by push meanwhile.
        _ = try fire(
            h, [emailReminder(for: ana, at: start), emailReminder(for: bob, at: start)], messagesFor: [ana.id])
        h.hub.reminderTaken(userID: bob.id, itemID: "a")
        h.wallClock = Timestamp(milliseconds: start.milliseconds + 120_000)
        h.wakeMail()
        #expect(h.storeRequests().isEmpty)
        #expect(Self.mails(h.take()).isEmpty)
    }

    @Test func quietHoursHoldAReminderMailToTheirEnd() throws {
        let h = HubHarness(mailAvailable: true)
        // 23:30 in Berlin (CET) on 2026-11-16; quiet from 22:00 to 07:00.
        h.wallClock = Timestamp(rfc3339: "2026-11-16T22:30:00Z")!
        let quiet = QuietHours(from: TimeOfDay("22:00")!, to: TimeOfDay("07:00")!)
        let reminder = emailReminder(for: ana, at: h.wallClock, quiet: quiet)
        _ = try fire(h, [reminder])
        h.wallClock = Timestamp(rfc3339: "2026-11-16T22:31:00Z")!
        h.wakeMail()
        let check = try #require(h.storeRequests().first)
        h.store(check, .success(.emailReminders([reminder])))
        let held = h.take()
        #expect(Self.mails(held).isEmpty, "not during quiet hours")
        let morning = Timestamp(rfc3339: "2026-11-17T06:00:00Z")!  // 07:00 CET
        #expect(Self.mailWake(held) == morning)
        h.wallClock = morning
        h.wakeMail()
        let again = try #require(h.storeRequests().first)
        h.store(again, .success(.emailReminders([reminder])))
        #expect(Self.mails(h.take()).count == 1)
    }

    @Test func aDigestIsClaimedWhenDueAndTheNextOneIsHeld() throws {
        let h = HubHarness(mailAvailable: true)
        h.start()
        let load = try #require(
            h.storeRequests().first { if case .digestSchedule = $0.command { true } else { false } })
        let first = ScheduledDigest(userID: ana.id, at: Timestamp(milliseconds: h.wallClock.milliseconds + 3_600_000))
        h.store(load, .success(.digestSchedule([first])))
        #expect(Self.mailWake(h.take()) == first.at)
        h.wallClock = first.at
        h.wakeMail()
        let claim = try #require(h.storeRequests().first)
        guard case .claimDigest(let claimed, _) = claim.command else {
            Issue.record("expected a claim, got \(claim.command)")
            return
        }
        #expect(claimed == first)
        let next = ScheduledDigest(userID: ana.id, at: Timestamp(milliseconds: first.at.milliseconds + 86_400_000))
        let digest = EmailDigest(
            email: EmailSettings(userID: ana.id, address: "ana@example.org", verified: true, unsubscribeToken: "stop"),
            username: "ana", timeZone: "UTC", day: CivilDate(year: 2026, month: 11, day: 17)!, dueToday: [],
            overdue: [],
            habitsOpen: [("Habits", "Run")])
        h.store(claim, .success(.digest(digest, next: next)))
        let actions = h.take()
        #expect(Self.mails(actions).count == 1)
        #expect(Self.mailWake(actions) == next.at)
    }

    @Test func aServerWithoutMailRefusesMailSettingsAndAnAddressIsChecked() {
        let plain = HubHarness()
        let c = plain.open(1)
        plain.authenticate(c, as: ana)
        plain.send(#"{"type":"settings","email":"ana@example.org","ref":"s"}"#, on: c)
        let reply = plain.messages(to: c)
        #expect(reply.map { $0["code"]?.stringValue } == ["badRequest"])
        #expect(reply.first?["message"]?.stringValue?.contains("--smtp") == true)

        let h = HubHarness(mailAvailable: true)
        let d = h.open(1)
        h.authenticate(d, as: ana)
        h.send(#"{"type":"settings","email":"ana@@example","ref":"s"}"#, on: d)
        #expect(h.messages(to: d).map { $0["code"]?.stringValue } == ["badRequest"])
        #expect(h.storeRequests().isEmpty, "nothing reaches the store")
        h.send(#"{"type":"settings","email":"ana@example.org","ref":"s"}"#, on: d)
        let request = h.storeRequests().first
        guard case .settings(_, _, let change, let tokens?, _) = request?.command else {
            Issue.record("expected a settings change with fresh tokens")
            return
        }
        #expect(change.address == .set("ana@example.org"))
        #expect(tokens.verification.count == 64 && tokens.verification != tokens.unsubscribe)
    }
}
