import ChecklistCore
import ChecklistStore
import Transport
import CoreMetrics

/// Store replies and password outcomes, routed to the request they continue.
extension Hub {
    /// A store command finished. Must be called in commit order.
    func storeCompleted(_ response: StoreResponse) {
        guard let continuation = storeWaiting.removeValue(forKey: response.id) else { return }
        switch continuation {
        case .upload, .edit, .liveCatchUp, .pendingReminders, .reminderSchedule, .firedReminders, .digestSchedule,
            .digestClaimed, .currentEmail, .gapRead, .headCheck, .caughtUp:
            serverWorkCompleted(continuation, response.result)
        case .encodedReply, .subscribe, .reusedOpID, .authenticate, .logout, .loginLookup, .loginSession, .signup,
            .signupAdmitted, .failureCounted, .settings, .dismissReminder, .snoozeReminder:
            // A reply to a request: nobody to answer once its connection has gone.
            guard let connection = continuation.connection, let session = sessions[connection] else { return }
            requestAnswered(continuation, response.result, session: session)
        }
    }

    /// Work that goes on whether or not the connection that asked for it is still here.
    private func serverWorkCompleted(_ continuation: StoreContinuation, _ result: Result<StoreReply, StoreError>) {
        switch continuation {
        case .upload(let request):
            uploadAttached(result, request: request)
        case .edit(let connection, let ticket, let ref, let opID):
            // Broadcast even when the author has gone: the edit is committed.
            editCommitted(result, session: sessions[connection], ticket: ticket, ref: ref, opID: opID)
        case .liveCatchUp(let connection, let listID):
            liveCatchUpRead(result, connection: connection, list: listID)
        case .pendingReminders(let connection, let userID):
            missedRemindersRead(result, session: sessions[connection], userID: userID)
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
        default:
            preconditionFailure("a reply to a request")
        }
    }

    /// The store's answer to a request of a connection still open.
    private func requestAnswered(
        _ continuation: StoreContinuation, _ result: Result<StoreReply, StoreError>, session: HubSession
    ) {
        switch continuation {
        case .encodedReply(_, let ticket, let ref):
            encodedReplyAnswered(result, session: session, ticket: ticket, ref: ref)
        case .subscribe(_, let ticket, let ref, let listID, let userID):
            subscribeAnswered(result, session: session, ticket: ticket, ref: ref, listID: listID, userID: userID)
        case .reusedOpID(_, let ticket, let ref, let opID, let error):
            reusedOpIDAnswered(result, session: session, ticket: ticket, ref: ref, opID: opID, error: error)
        case .authenticate(_, let ticket, let ref, let tokenHash):
            accountAnswered(
                result, session: session, ticket: ticket, ref: ref, username: nil, knownUser: nil, token: nil,
                tokenHash: tokenHash)
        case .logout(_, let ticket, let ref, let tokenHash):
            loggedOut(result, session: session, ticket: ticket, ref: ref, tokenHash: tokenHash)
        case .loginLookup(_, let ticket, let ref, let username, let password):
            loginLookedUp(result, session: session, ticket: ticket, ref: ref, username: username, password: password)
        case .loginSession(_, let ticket, let ref, let username, let user, let token, let tokenHash):
            accountAnswered(
                result, session: session, ticket: ticket, ref: ref, username: username, knownUser: user, token: token,
                tokenHash: tokenHash)
        case .signup(_, let ticket, let ref, let token, let tokenHash):
            accountAnswered(
                result, session: session, ticket: ticket, ref: ref, username: nil, knownUser: nil, token: token,
                tokenHash: tokenHash)
        case .signupAdmitted(_, let ticket, let ref, let username, let password):
            signupAdmitted(result, session: session, ticket: ticket, ref: ref, username: username, password: password)
        case .failureCounted(_, let ticket, let ref, let error):
            failureCounted(session: session, ticket: ticket, ref: ref, error: error)
        case .settings(_, let ticket, let ref):
            settingsAnswered(result, session: session, ticket: ticket, ref: ref)
        case .dismissReminder(_, let ticket, let ref, let listID, let itemID, let at):
            dismissAnswered(result, session: session, ticket: ticket, ref: ref, listID: listID, itemID: itemID, at: at)
        case .snoozeReminder(_, let ticket, let ref, let listID, let itemID):
            snoozeAnswered(result, session: session, ticket: ticket, ref: ref, listID: listID, itemID: itemID)
        default:
            preconditionFailure("not a reply to a request")
        }
    }

    /// The reminders a user missed while away, read as they sign in.
    private func missedRemindersRead(_ result: Result<StoreReply, StoreError>, session: HubSession?, userID: UserID) {
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
    }

    /// A password job finished (or its pool refused it).
    func passwordCompleted(_ response: PasswordResponse) {
        guard let continuation = passwordWaiting.removeValue(forKey: response.id) else { return }
        passwordDone(response.outcome, continuation)
    }
}
