public import ChecklistCore
public import ChecklistStore

/// Users' mail: the address and its check by link, what they want mailed, the one-click
/// unsubscribe, and what the scheduler needs (reminders with a verified address, the digests
/// of the day, each claimed once).
extension StoreRules {
    /// How long an address-check link works.
    public static let emailVerificationLifetime: Int64 = 48 * 3_600_000

    /// The back end's mail table, or `badRequest` when it keeps none.
    private func emailPort() throws(StoreError) -> any EmailSettingsPort {
        guard let port = port as? any EmailSettingsPort else {
            throw .rejected(.badRequest("this server's store keeps no mail settings"))
        }
        return port
    }

    public func emailSettings(of userID: UserID) throws(StoreError) -> EmailSettings? {
        guard let mail = port as? any EmailSettingsPort else { return nil }
        do { return try mail.emailSettings(.user(userID)).first } catch { throw failed(error) }
    }

    /// Applies `change` to the user's mail settings. A new address (or the same one not yet
    /// checked, given again: "send the link again") is unverified until its link is opened,
    /// and the outcome's `verificationToken` is the link's token; the token kept is its hash
    /// (`tokens.verificationHash`). Clearing the address forgets every mail setting.
    ///
    /// - Parameter tokens: fresh random tokens, used only when needed.
    public func changeEmailSettings(
        of userID: UserID, _ change: EmailSettingsChange, tokens: EmailTokens, now: Timestamp
    ) throws(StoreError) -> (settings: EmailSettings?, verificationToken: String?) {
        let mail = try emailPort()
        do {
            let existing = try mail.emailSettings(.user(userID)).first
            var verificationToken: String?
            var settings: EmailSettings
            switch change.address {
            case .clear:
                if existing != nil { try mail.write(.removed(userID)) }
                guard change.reminders == nil, change.digest == .unchanged, change.quietHours == .unchanged else {
                    throw StoreError.rejected(
                        .badRequest("\"email\": null turns all mail off; leave out the other mail settings with it"))
                }
                return (nil, nil)
            case .set(let address):
                settings =
                    existing
                    ?? EmailSettings(userID: userID, address: address, unsubscribeToken: tokens.unsubscribe)
                if existing?.address != address || existing?.verified == false {
                    settings.address = address
                    settings.verified = false
                    settings.verificationHash = tokens.verificationHash
                    settings.verificationExpires = Timestamp(
                        milliseconds: now.milliseconds + Self.emailVerificationLifetime)
                    verificationToken = tokens.verification
                }
            case .unchanged:
                guard let existing else {
                    if change.isEmpty { return (nil, nil) }
                    throw StoreError.rejected(
                        .badRequest("give an address first (\"email\"); reminders and digests go to it once verified"))
                }
                settings = existing
            }
            if let reminders = change.reminders { settings.reminders = reminders }
            switch change.digest {
            case .set(let time): settings.digest = time
            case .clear: settings.digest = nil
            case .unchanged: break
            }
            switch change.quietHours {
            case .set(let hours): settings.quietHours = hours
            case .clear: settings.quietHours = nil
            case .unchanged: break
            }
            if settings != existing { try mail.write(.saved(settings)) }
            return (settings, verificationToken)
        } catch {
            throw storeError(error)
        }
    }

    /// Opens an address-check link: the settings, now verified; `nil` for a token that is
    /// unknown, used, or expired (the link says which it cannot tell, by design: it is single use).
    public func verifyEmail(tokenHash: [UInt8], now: Timestamp) throws(StoreError) -> EmailVerification {
        let mail = try emailPort()
        do {
            guard var settings = try mail.emailSettings(.verificationHash(tokenHash)).first else { return .unknown }
            guard let expires = settings.verificationExpires, now < expires else { return .expired }
            settings.verified = true
            settings.verificationHash = nil
            settings.verificationExpires = nil
            try mail.write(.saved(settings))
            return .verified(settings)
        } catch {
            throw storeError(error)
        }
    }

    /// RFC 8058's one-click unsubscribe: no more reminders and no digest to the address (it
    /// stays, verified, so turning mail on again needs no new check). `nil`: no such token.
    public func unsubscribeEmail(token: String) throws(StoreError) -> EmailSettings? {
        let mail = try emailPort()
        do {
            guard var settings = try mail.emailSettings(.unsubscribeToken(token)).first else { return nil }
            settings.reminders = false
            settings.digest = nil
            try mail.write(.saved(settings))
            return settings
        } catch {
            throw storeError(error)
        }
    }

    /// The fired reminders whose users take reminders by mail (a verified address, reminders on).
    public func emailReminders(for deliveries: [ReminderDelivery]) throws(StoreError) -> [EmailReminder] {
        guard !deliveries.isEmpty, let mail = port as? any EmailSettingsPort else { return [] }
        do {
            var byUser: [UserID: (EmailSettings, String)?] = [:]
            var reminders: [EmailReminder] = []
            for delivery in deliveries {
                if byUser[delivery.userID] == nil {
                    let settings = try mail.emailSettings(.user(delivery.userID)).first { $0.sendsReminders }
                    let zone = try account(id: delivery.userID)?.timeZone ?? "UTC"
                    byUser[delivery.userID] = settings.map { ($0, zone) }
                }
                guard let (settings, zone) = byUser[delivery.userID] ?? nil else { continue }
                reminders.append(EmailReminder(delivery: delivery, email: settings, timeZone: zone))
            }
            return reminders
        } catch {
            throw failed(error)
        }
    }

    public func nextDigest(of userID: UserID, now: Timestamp) throws(StoreError) -> ScheduledDigest? {
        guard let mail = port as? any EmailSettingsPort else { return nil }
        do {
            guard let settings = try mail.emailSettings(.user(userID)).first, settings.verified,
                let time = settings.digest, let user = try account(id: userID)
            else { return nil }
            return ScheduledDigest(userID: userID, at: LocalClock.next(time, after: now, zone: user.timeZone))
        } catch {
            throw failed(error)
        }
    }

    /// Every digest's next instant after `now`: the digest scheduler's start.
    public func digestSchedule(now: Timestamp) throws(StoreError) -> [ScheduledDigest] {
        guard let mail = port as? any EmailSettingsPort else { return [] }
        do {
            var digests: [ScheduledDigest] = []
            for settings in try mail.emailSettings(.digests) {
                guard let time = settings.digest, let user = try account(id: settings.userID) else { continue }
                digests.append(
                    ScheduledDigest(userID: settings.userID, at: LocalClock.next(time, after: now, zone: user.timeZone))
                )
            }
            return digests
        } catch {
            throw failed(error)
        }
    }

    /// Claims the user's digest for `digest.at` (once, whichever server asks first) and reads
    /// what it lists; `nil` when it is not due then any more (the time, the zone or the address
    /// changed, or it went already). The next instant comes back either way, when there is one.
    public func claimDigest(_ digest: ScheduledDigest, now: Timestamp) throws(StoreError) -> (
        digest: EmailDigest?, next: ScheduledDigest?
    ) {
        guard let mail = port as? any EmailSettingsPort else { return (nil, nil) }
        do {
            guard var settings = try mail.emailSettings(.user(digest.userID)).first, settings.verified,
                let time = settings.digest, let user = try account(id: digest.userID)
            else { return (nil, nil) }
            let zone = user.timeZone
            let next = ScheduledDigest(
                userID: user.id, at: LocalClock.next(time, after: max(now, digest.at), zone: zone))
            let due = LocalClock.next(time, after: Timestamp(milliseconds: digest.at.milliseconds - 1), zone: zone)
            guard due == digest.at, (settings.digestSentFor ?? Timestamp(milliseconds: .min)) < digest.at else {
                return (nil, next)
            }
            settings.digestSentFor = digest.at
            try mail.write(.saved(settings))
            let day = RepeatDue.localDate(of: digest.at, timeZone: zone)
            let agenda = try agenda(for: user.id, from: day, to: day, now: now)
            var habits: [(listTitle: String, title: String)] = []
            for membership in try port.memberships(of: user.id) {
                guard let state = try state(membership.listID), state.list.kind == .habits,
                    state.list.status != .cancelled
                else { continue }
                let listDay = RepeatDue.localDate(of: digest.at, timeZone: state.list.timeZone)
                for item in state.habitsOpen(for: user.username, on: listDay) {
                    habits.append((state.list.title, item.title))
                }
            }
            return (
                EmailDigest(
                    email: settings, username: user.username, timeZone: zone, day: day, dueToday: agenda.items,
                    overdue: agenda.overdue, habitsOpen: habits),
                next
            )
        } catch {
            throw storeError(error)
        }
    }
}
