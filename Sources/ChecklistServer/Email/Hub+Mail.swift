import ChecklistCore
import ChecklistStore
import Credentials
import Mail
import CoreMetrics
import WireProtocol

/// Mail as hub logic: `settings` with mail fields, the fallback (a fired reminder that no
/// connection took live and no device took by push within `emailFallbackMilliseconds` is
/// mailed, once, outside the user's quiet hours), and the daily digests. The hub reads the
/// time only through `wallClock` and asks its wiring for a wake-up (`HubAction.wakeMail`), so
/// tests drive the fallback and days of digests without waiting.
///
/// Quiet hours defer a reminder mail to their end rather than drop it: a reminder the user
/// asked for still helps in the morning. They do not apply to the digest, whose time the user
/// chose.
extension Hub {
    // MARK: Settings

    func changeSettings(
        of user: UserAccount, timeZone: String?, email: EmailSettingsChange, ref: String?, in session: HubSession
    ) {
        var tokens: EmailTokens?
        if !email.isEmpty {
            guard configuration.mailAvailable else {
                reject(
                    session, WireError(.badRequest, "this server sends no mail (it was started without --smtp)"),
                    ref: ref)
                return
            }
            if case .set(let address) = email.address {
                do throws(MailAddressError) { _ = try MailAddress(address) } catch {
                    reject(session, WireError(.badRequest, "\"email\": \(error.description)"), ref: ref)
                    return
                }
            }
            do {
                let verification = try SessionToken.generate()
                tokens = EmailTokens(
                    verification: verification.text, verificationHash: verification.storedHash,
                    unsubscribe: try SessionToken.generate().text)
            } catch {
                reject(session, WireError(.internal, "no randomness for the address check; try again"), ref: ref)
                return
            }
        }
        let ticket = session.replies.issue()
        runStore(
            .settings(userID: user.id, timeZone: timeZone, email: email, tokens: tokens, now: wallClock()),
            then: .settings(session.connection, ticket: ticket, ref: ref))
    }

    func settingsAnswered(_ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?) {
        guard case .success(.settings(let user, let email, let token, let nextDigest)) = result else {
            let error: StoreError =
                if case .failure(let error) = result { error } else { .failure("unexpected store reply to settings") }
            complete(session, ticket: ticket, .message(errorMessage(error, ref: ref)))
            return
        }
        // Every connection of the user reads the new zone from now on (quick add's default).
        for connection in subscriptions.connectionsByUser[user.id] ?? [] { sessions[connection]?.user = user }
        if let token, let email {
            actions.append(
                .mail(
                    .verification(
                        address: email.address, username: user.username, token: token,
                        unsubscribeToken: email.unsubscribeToken)))
        }
        if let nextDigest { holdDigest(nextDigest) }
        complete(
            session, ticket: ticket,
            .message(
                ServerMessage.settings(
                    timeZone: user.timeZone, inboxID: user.inboxID, maxAttachmentBytes: maxAttachmentBytes,
                    email: EmailSettingsReply(
                        available: configuration.mailAvailable, address: email?.address,
                        verified: email?.verified ?? false, reminders: email?.reminders ?? false,
                        digest: email?.digest, quietHours: email?.quietHours), ref: ref)))
    }

    // MARK: Reminders by mail

    /// Fired reminders of users who take mail: held for the fallback, but those a connection
    /// here took live.
    func holdForMail(_ emails: [EmailReminder], takenLive: Set<UserID>) {
        guard configuration.mailAvailable, !emails.isEmpty else { return }
        let until = Timestamp(milliseconds: wallClock().milliseconds + configuration.emailFallbackMilliseconds)
        for reminder in emails where !takenLive.contains(reminder.delivery.userID) {
            mail.hold(reminder, until: until)
        }
        scheduleMailWake()
    }

    /// A device took a reminder of the user's (a push accepted, or missed reminders sent to
    /// a connection that signed in): no mail for it.
    func reminderTaken(userID: UserID, itemID: ItemID?) {
        mail.taken(userID: userID, itemID: itemID)
    }

    /// The wiring's mail wake-up came: what is due goes to the store (reminders to be checked
    /// against the settings as they are now, digests to be claimed).
    func mailWokeUp() {
        scheduledMailWake = nil
        guard !draining else { return }
        let now = wallClock()
        let due = mail.popDue(at: now)
        if !due.reminders.isEmpty { runStore(.currentEmail(due.reminders), then: .currentEmail) }
        for digest in due.digests { runStore(.claimDigest(digest, now: now), then: .digestClaimed) }
        scheduleMailWake()
    }

    func currentEmailAnswered(_ result: Result<StoreReply, StoreError>) {
        guard case .success(.emailReminders(let reminders)) = result else { return }
        let now = wallClock()
        for reminder in reminders {
            if let quiet = reminder.email.quietHours, quiet.contains(now, zone: reminder.timeZone) {
                mail.hold(reminder, until: quiet.end(containing: now, zone: reminder.timeZone))
                metrics.remindersMailDeferred.increment()
                continue
            }
            metrics.remindersMailed.increment()
            actions.append(.mail(.reminder(reminder)))
        }
        scheduleMailWake()
    }

    // MARK: Digests

    func digestScheduleLoaded(_ result: Result<StoreReply, StoreError>) {
        guard case .success(.digestSchedule(let digests)) = result else { return }
        for digest in digests { mail.hold(digest) }
        scheduleMailWake()
    }

    func digestClaimed(_ result: Result<StoreReply, StoreError>) {
        guard case .success(.digest(let digest, let next)) = result else { return }
        if let digest { actions.append(.mail(.digest(digest))) }
        if let next { holdDigest(next) }
    }

    func holdDigest(_ digest: ScheduledDigest) {
        guard configuration.mailAvailable else { return }
        mail.hold(digest)
        scheduleMailWake()
    }

    /// Asks for a wake-up at the earliest mail entry, unless one at that time or sooner is pending.
    private func scheduleMailWake() {
        guard let earliest = mail.earliest else { return }
        if let scheduledMailWake, scheduledMailWake <= earliest { return }
        scheduledMailWake = earliest
        actions.append(.wakeMail(at: earliest))
    }
}
