import ChecklistStore
import Transport
import CoreMetrics

/// Store replies and password outcomes, routed to the request they continue.
extension Hub {
    /// A store command finished. Must be called in commit order.
    func storeCompleted(_ response: StoreResponse) {
        guard let continuation = storeWaiting.removeValue(forKey: response.id) else { return }
        let result = response.result
        let session = continuation.connection.flatMap { sessions[$0] }
        switch continuation {
        case .upload(let request):
            uploadAttached(result, request: request)
        case .edit(_, let ticket, let ref, let opID):
            // Broadcast even when the author has gone: the edit is committed.
            editCommitted(result, session: session, ticket: ticket, ref: ref, opID: opID)
        case .encodedReply(_, let ticket, let ref):
            guard let session else { return }
            encodedReplyAnswered(result, session: session, ticket: ticket, ref: ref)
        case .liveCatchUp(let connection, let listID):
            liveCatchUpRead(result, connection: connection, list: listID)
        case .subscribe(_, let ticket, let ref, let listID, let userID):
            guard let session else { return }
            subscribeAnswered(result, session: session, ticket: ticket, ref: ref, listID: listID, userID: userID)
        case .reusedOpID(_, let ticket, let ref, let opID, let error):
            guard let session else { return }
            reusedOpIDAnswered(result, session: session, ticket: ticket, ref: ref, opID: opID, error: error)
        case .authenticate(_, let ticket, let ref, let tokenHash):
            guard let session else { return }
            accountAnswered(
                result, session: session, ticket: ticket, ref: ref, username: nil, knownUser: nil, token: nil,
                tokenHash: tokenHash)
        case .logout(_, let ticket, let ref, let tokenHash):
            guard let session else { return }
            loggedOut(result, session: session, ticket: ticket, ref: ref, tokenHash: tokenHash)
        case .loginLookup(_, let ticket, let ref, let username, let password):
            guard let session else { return }
            loginLookedUp(result, session: session, ticket: ticket, ref: ref, username: username, password: password)
        case .loginSession(_, let ticket, let ref, let username, let user, let token, let tokenHash):
            guard let session else { return }
            accountAnswered(
                result, session: session, ticket: ticket, ref: ref, username: username, knownUser: user, token: token,
                tokenHash: tokenHash)
        case .signup(_, let ticket, let ref, let token, let tokenHash):
            guard let session else { return }
            accountAnswered(
                result, session: session, ticket: ticket, ref: ref, username: nil, knownUser: nil, token: token,
                tokenHash: tokenHash)
        case .signupAdmitted(_, let ticket, let ref, let username, let password):
            guard let session else { return }
            signupAdmitted(result, session: session, ticket: ticket, ref: ref, username: username, password: password)
        case .failureCounted(_, let ticket, let ref, let error):
            guard let session else { return }
            failureCounted(session: session, ticket: ticket, ref: ref, error: error)
        case .settings(_, let ticket, let ref):
            guard let session else { return }
            settingsAnswered(result, session: session, ticket: ticket, ref: ref)
        case .dismissReminder(_, let ticket, let ref, let listID, let itemID, let at):
            guard let session else { return }
            dismissAnswered(result, session: session, ticket: ticket, ref: ref, listID: listID, itemID: itemID, at: at)
        case .snoozeReminder(_, let ticket, let ref, let listID, let itemID):
            guard let session else { return }
            snoozeAnswered(result, session: session, ticket: ticket, ref: ref, listID: listID, itemID: itemID)
        case .pendingReminders(_, let userID):
            session?.missedReminderLookups -= 1
            guard let session, session.user?.id == userID, case .success(.reminders(let messages)) = result else {
                return
            }
            // Like a replay the client asked for (by signing in): a day's worth of missed
            // reminders may exceed the slow-consumer bound without the client being slow.
            for message in messages {
                actions.append(.send(OutboundFrame(text: message), to: session.connection, requested: true))
            }
            // The user is here and has them: no mail for them.
            if !messages.isEmpty { reminderTaken(userID: userID, itemID: nil) }
            metrics.remindersDelivered.increment(by: Int64(messages.count))
        case .reminderSchedule:
            scheduleLoaded(result)
        case .firedReminders:
            remindersFired(result)
        case .digestSchedule:
            digestScheduleLoaded(result)
        case .digestClaimed:
            digestClaimed(result)
        case .currentEmail:
            currentEmailAnswered(result)
        case .gapRead(let listID, let after):
            eventsRead(result, listID: listID, after: after, for: nil)
        case .headCheck:
            headsChecked(result)
        case .caughtUp(let connection, let listID, let after):
            eventsRead(result, listID: listID, after: after, for: connection)
        }
    }

    /// A password job finished (or its pool refused it).
    func passwordCompleted(_ response: PasswordResponse) {
        guard let continuation = passwordWaiting.removeValue(forKey: response.id) else { return }
        passwordDone(response.outcome, continuation)
    }
}
