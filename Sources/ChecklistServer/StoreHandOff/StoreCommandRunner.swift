import ChecklistCore
import Credentials
import Foundation
public import ChecklistStore
public import Transport
import WireProtocol

/// Runs store commands on the store thread, against any back end (`ChecklistStorage`).
///
/// Encoding that would be costly on the service thread happens here: the `lists` reply, a
/// subscriber's catch-up (framed straight from the log), the quick-add `parsed` object. An
/// edit's outcome is reduced to what the service thread needs (`CommittedEdit`).
enum StoreCommandRunner {
    static func run(_ command: StoreCommand, on storage: some ChecklistStorage) -> Result<StoreReply, StoreError> {
        do throws(StoreError) {
            return .success(try reply(to: command, from: storage))
        } catch {
            return .failure(error)
        }
    }

    /// Each kind of command has its own function; this only sorts them (the switch is
    /// exhaustive, so a new command must be given a kind).
    private static func reply(to command: StoreCommand, from storage: some ChecklistStorage) throws(StoreError)
        -> StoreReply
    {
        switch command {
        case .createUser, .credentials, .createSession, .userForToken, .loginFailed, .admitSignup, .deleteSession,
            .settings:
            return try accountReply(to: command, from: storage)
        case .lists, .subscribe, .events, .storedHeads, .liveCatchUp, .previousAcknowledgement, .search, .agenda,
            .history:
            return try readReply(to: command, from: storage)
        case .apply, .quickAdd, .attach, .attachmentLookup, .feedURL, .feedDocument:
            return try editReply(to: command, from: storage)
        case .reminderSchedule, .fireReminders, .pendingReminders, .dismissReminder, .snoozeReminder:
            return try reminderReply(to: command, from: storage)
        case .pushSubscribe, .pushDevices, .pushUnsubscribe, .pushAnswered, .digestSchedule, .claimDigest,
            .currentEmail, .verifyEmail, .unsubscribeEmail:
            return try deliveryReply(to: command, from: storage)
        }
    }

    /// Commands about accounts and sessions.
    private static func accountReply(to command: StoreCommand, from storage: some ChecklistStorage) throws(StoreError)
        -> StoreReply
    {
        switch command {
        case .createUser(let username, let passwordHash, let tokenHash):
            let user = try storage.createUser(username: username, passwordHash: passwordHash)
            try storage.createSession(tokenHash: tokenHash, for: user.id)
            return .user(user)
        case .credentials(let username, let address, let now):
            if let wait = try storage.loginWait(address: address, username: username, at: now) {
                return .throttled(retryAfter: wait)
            }
            return .credentials(try storage.credentials(username: username).map { (user: $0.0, passwordHash: $0.1) })
        case .createSession(let tokenHash, let userID, let address, let username):
            try storage.createSession(tokenHash: tokenHash, for: userID)
            try storage.loginSucceeded(address: address, username: username)
            return .user(try storage.signedIn(userID))
        case .userForToken(let tokenHash, let address, let now):
            if let wait = try storage.loginWait(address: address, username: nil, at: now) {
                return .throttled(retryAfter: wait)
            }
            return .user(try storage.user(forTokenHash: tokenHash))
        case .loginFailed(let address, let username, let now):
            try storage.loginFailed(address: address, username: username, at: now)
            return .done
        case .admitSignup(let address, let limit, let now):
            return try storage.admitSignup(address: address, limit: limit, at: now).map { .throttled(retryAfter: $0) }
                ?? .done
        case .deleteSession(let tokenHash):
            try storage.deleteSession(tokenHash: tokenHash)
            try storage.publish([.loggedOut(tokenHash: tokenHash)])
            return .done
        case .settings(let userID, let timeZone, let email, let tokens, let now):
            var settings = try storage.emailSettings(of: userID)
            var token: String?
            // The mail change first: a refused one leaves the zone as it was too.
            if !email.isEmpty, let tokens {
                (settings, token) = try storage.changeEmailSettings(of: userID, email, tokens: tokens, now: now)
            }
            let user = try storage.settings(for: userID, timeZone: timeZone)
            if timeZone != nil { try storage.publish([.settings(userID: userID, timeZone: user.timeZone)]) }
            let next = settings == nil ? nil : try storage.nextDigest(of: userID, now: now)
            return .settings(user, settings, verificationToken: token, nextDigest: next)
        default:
            preconditionFailure("not a command about accounts and sessions")
        }
    }

    /// Commands about reads: checklists, their events and the views over them.
    private static func readReply(to command: StoreCommand, from storage: some ChecklistStorage) throws(StoreError)
        -> StoreReply
    {
        switch command {
        case .lists(let userID, let ref):
            return .encoded(ServerMessage.lists(try storage.lists(for: userID), ref: ref))
        case .subscribe(let listID, let userID, let since, let ref):
            return .catchUp(try catchUp(listID, for: userID, since: since, ref: ref, from: storage))
        case .events(let listID, let after, let through):
            var read = StoredPayloads()
            if try !storage.events(of: listID, after: after, through: through, into: &read) { read.removeAll() }
            return .events(read.payloads)
        case .storedHeads(let known):
            return .heads(try storage.storedHeads(after: known))
        case .liveCatchUp(let listID, let after, let maxBytes):
            var batch = FrameBatch()
            let range = try storage.events(of: listID, after: after, maxBytes: maxBytes, into: &batch)
            return .eventRange(EventRange(frames: batch.finish(), last: range.last, head: range.head))
        case .previousAcknowledgement(let opID, let userID):
            return .acknowledgement(try storage.previousAcknowledgement(of: opID, by: userID))
        case .search(let userID, let query, let limit, let ref):
            return .encoded(ServerMessage.search(try storage.search(query, for: userID, limit: limit), ref: ref))
        case .agenda(let userID, let from, let to, let now, let ref):
            let agenda = try storage.agenda(for: userID, from: from, to: to, now: now)
            return .encoded(ServerMessage.agenda(items: agenda.items, overdue: agenda.overdue, ref: ref))
        case .history(let listID, let userID, let from, let to, let username, let ref):
            return .encoded(
                ServerMessage.history(
                    listID: listID,
                    days: try storage.history(of: listID, for: userID, from: from, to: to, username: username), ref: ref
                ))
        default:
            preconditionFailure("not a command about reads: checklists, their events and the views over them")
        }
    }

    /// Commands about edits, attachments and calendar feeds.
    private static func editReply(to command: StoreCommand, from storage: some ChecklistStorage) throws(StoreError)
        -> StoreReply
    {
        switch command {
        case .apply(let request, let opID, let actor):
            return .committed(
                try published(CommittedEdit(outcome: try storage.apply(request, opID: opID, by: actor)), storage))
        case .quickAdd(let text, let defaultList, let timeZone, let opID, let actor, let newID):
            let edit = CommittedEdit(
                outcome: try storage.quickAdd(
                    text: text, defaultList: defaultList, timeZone: timeZone, opID: opID, by: actor, newID: newID,
                    encodeParsed: JSONWriter.quickAddParsed
                ))
            return .committed(try published(edit, storage))
        case .attach(let upload, let maxTotalBytes, let opID, let tokenHash):
            // The batch keeps the temporary file through a rerun and removes it when it is over,
            // refused or not (once placed, it is no longer there).
            storage.holdUpload(upload.temporaryPath)
            guard let user = try storage.user(forTokenHash: tokenHash) else { return .unauthenticated }
            let outcome = try storage.attach(upload, maxTotalBytes: maxTotalBytes, opID: opID, by: user.actor)
            return .attached(try published(CommittedEdit(outcome: outcome), storage), upload.attachment)
        case .attachmentLookup(let id, let tokenHash, let userID):
            var reader = userID
            if let tokenHash {
                guard let user = try storage.user(forTokenHash: tokenHash) else { return .unauthenticated }
                reader = user.id
            }
            guard let reader else { return .unauthenticated }
            return .attachmentFound(try storage.attachment(id, readableBy: reader))
        case .feedURL(let userID, let listID, let rotate, let key, let baseURL, let ref):
            let generation = try storage.feedGeneration(for: userID, listID: listID, rotate: rotate) { generation in
                FeedToken.derive(key: key, userID: userID.rawValue, listID: listID?.rawValue, generation: generation)
                    .storedHash
            }
            let token = FeedToken.derive(
                key: key, userID: userID.rawValue, listID: listID?.rawValue, generation: generation)
            return .encoded(ServerMessage.feed(url: "\(baseURL)/feed/\(token.text).ics", list: listID, ref: ref))
        case .feedDocument(let tokenHash, let components, let ifNoneMatch, let now):
            return .feed(
                try FeedDocument.make(
                    tokenHash: tokenHash, components: components, ifNoneMatch: ifNoneMatch, now: now, from: storage))
        default:
            preconditionFailure("not a command about edits, attachments and calendar feeds")
        }
    }

    /// Commands about reminders.
    private static func reminderReply(to command: StoreCommand, from storage: some ChecklistStorage) throws(StoreError)
        -> StoreReply
    {
        switch command {
        case .reminderSchedule(let now):
            return .schedule(try storage.reminderSchedule(now: now))
        case .fireReminders(let due, let now):
            let firing = try storage.fireReminders(due, now: now)
            let messages = firing.deliveries.map { (userID: $0.userID, message: encode($0)) }
            try storage.publish(messages.map { .reminder(userID: $0.userID, message: $0.message) })
            let pushes = try storage.pushDeliveries(
                of: zip(firing.deliveries, messages).map { delivery, sent in
                    (delivery.userID, delivery.item.item.id, PushPayload.fitting(delivery, as: sent.message))
                })
            return .fired(
                FiredReminders(
                    messages: messages, pushes: pushes, emails: try storage.emailReminders(for: firing.deliveries),
                    fired: firing.fired, late: firing.late, next: firing.next))
        case .pendingReminders(let userID, let now):
            return .reminders(try storage.pendingReminders(for: userID, now: now).map(encode))
        case .dismissReminder(let userID, let listID, let itemID, let at):
            try storage.dismissReminder(userID: userID, listID: listID, itemID: itemID, at: at)
            try storage.publish([
                .told(
                    userID: userID,
                    message: ServerMessage.reminderDismissed(listID: listID, itemID: itemID, at: at, ref: nil))
            ])
            return .done
        case .snoozeReminder(let userID, let listID, let itemID, let until, let now):
            let snooze = try storage.snoozeReminder(
                userID: userID, listID: listID, itemID: itemID, until: until, now: now)
            try storage.publish([
                .told(
                    userID: userID,
                    message: ServerMessage.reminderSnoozed(
                        listID: listID, itemID: itemID, until: snooze.until, ref: nil)),
                .schedule([.snooze(snooze)]),
            ])
            return .snoozed(snooze)
        default:
            preconditionFailure("not a command about reminders")
        }
    }

    /// Commands about push devices and mail.
    private static func deliveryReply(to command: StoreCommand, from storage: some ChecklistStorage) throws(StoreError)
        -> StoreReply
    {
        switch command {
        case .pushSubscribe(let device, let ref):
            let stored = try storage.subscribePush(device, limit: Limits.pushDevicesPerUser)
            return .encoded(ServerMessage.pushSubscribed(id: stored.id, ref: ref))
        case .pushDevices(let userID, let ref):
            let devices = try storage.pushDevices(of: userID)
            return .encoded(
                ServerMessage.devices(
                    devices.map {
                        ServerMessage.Device(id: $0.id, device: $0.device, created: $0.created, lastUsed: $0.lastUsed)
                    }, ref: ref))
        case .pushUnsubscribe(let id, let userID, let ref):
            try storage.unsubscribePush(id: id, userID: userID)
            return .encoded(ServerMessage.pushUnsubscribed(id: id, ref: ref))
        case .pushAnswered(let deviceID, let endpoint, let gone, let at):
            try storage.pushAnswered(deviceID: deviceID, endpoint: endpoint, gone: gone, at: at)
            return .done
        case .digestSchedule(let now):
            return .digestSchedule(try storage.digestSchedule(now: now))
        case .claimDigest(let digest, let now):
            let claimed = try storage.claimDigest(digest, now: now)
            return .digest(claimed.digest, next: claimed.next)
        case .currentEmail(let reminders):
            var current: [UserID: EmailSettings?] = [:]
            var kept: [EmailReminder] = []
            for var reminder in reminders {
                let userID = reminder.delivery.userID
                if current[userID] == nil { current[userID] = try storage.emailSettings(of: userID) }
                guard let settings = current[userID] ?? nil, settings.sendsReminders else { continue }
                reminder.email = settings
                kept.append(reminder)
            }
            return .emailReminders(kept)
        case .verifyEmail(let tokenHash, let now):
            let verification = try storage.verifyEmail(tokenHash: tokenHash, now: now)
            guard case .verified(let settings) = verification else {
                return .emailVerified(verification, nextDigest: nil)
            }
            return .emailVerified(verification, nextDigest: try storage.nextDigest(of: settings.userID, now: now))
        case .unsubscribeEmail(let token):
            return .emailUnsubscribed(try storage.unsubscribeEmail(token: token))
        default:
            preconditionFailure("not a command about push devices and mail")
        }
    }

    /// What the other servers of a shared store must hear of an edit: its `revoked` and
    /// `listShared`, kept with its event, and the reminder occurrences it made due (for the
    /// server that runs the scheduler).
    private static func published(_ edit: CommittedEdit, _ storage: some ChecklistStorage) throws(StoreError)
        -> CommittedEdit
    {
        guard storage.sharesCommits else { return edit }
        var notices: [ClusterNotice] = []
        if let delivery = edit.delivery, delivery.hasNotices {
            notices.append(
                .eventNotices(
                    listID: delivery.listID, seq: delivery.seq, revokedUserID: delivery.revokedUserID,
                    shared: delivery.shared.map { SharedNotice(userID: $0.userID, message: $0.notice.payloadBytes) }))
        }
        if !edit.reminders.isEmpty { notices.append(.schedule(edit.reminders)) }
        try storage.publish(notices)
        return edit
    }

    static func encode(_ delivery: ReminderDelivery) -> [UInt8] {
        ServerMessage.reminder(
            listID: delivery.listID, listTitle: delivery.listTitle, item: delivery.item, kind: delivery.kind,
            at: delivery.at, late: delivery.late
        )
    }

    private static func catchUp(
        _ listID: ListID, for userID: UserID, since: Int64?, ref: String?, from storage: some ChecklistStorage
    ) throws(StoreError) -> CatchUp {
        var batch = FrameBatch()
        switch try storage.subscribe(to: listID, for: userID, since: since, replayingInto: &batch) {
        case .replay(let count, let head):
            return CatchUp(frames: batch.finish(), head: head, replayed: count)
        case .snapshot(let snapshot):
            let frame = ServerMessage.snapshot(
                summary: snapshot.summary, participants: snapshot.participants, items: snapshot.items, ref: ref
            )
            return CatchUp(frames: [OutboundFrame(text: frame)], head: snapshot.summary.list.seq, replayed: 0)
        }
    }
}

/// The server's replays are framed as they are read from the store.
extension FrameBatch: ReplaySink {
    public mutating func append(_ payload: UnsafeRawBufferPointer) { appendText(payload) }
}

/// Stored events, each copied out as it is read.
struct StoredPayloads: ReplaySink {
    var payloads: [[UInt8]] = []

    mutating func append(_ payload: UnsafeRawBufferPointer) { payloads.append(Array(payload)) }

    mutating func removeAll() { payloads.removeAll() }
}
