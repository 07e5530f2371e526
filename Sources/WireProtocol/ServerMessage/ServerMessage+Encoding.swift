public import ChecklistCore

extension ServerMessage {
    /// The message's bytes, written by the same writers the server uses: a decoded message
    /// re-encodes to what was sent (the golden fixtures check it for every type).
    /// `.other` is written back as it was read.
    public func encoded() -> [UInt8] {
        switch self {
        case .authed(let reply):
            Self.authed(token: reply.token, userID: reply.userID, username: reply.username, ref: reply.ref)
        case .loggedOut(let reply): Self.loggedOut(ref: reply.ref)
        case .error(let reply): Self.refusal(reply)
        case .ack(let reply):
            Self.ack(
                opID: reply.opID, listID: reply.list, seq: reply.seq, createdID: reply.createdID,
                parsed: reply.parsed?.encoded(), ref: reply.ref)
        case .lists(let reply): Self.lists(reply.lists.map(\.listSummary), ref: reply.ref)
        case .snapshot(let snapshot):
            Self.snapshot(
                summary: snapshot.summary.listSummary(seq: snapshot.seq),
                participants: snapshot.participants.map(\.participant), items: snapshot.items.map(\.itemView),
                ref: snapshot.ref)
        case .subscribed(let reply):
            Self.subscribed(listID: reply.list, seq: reply.seq, replayed: reply.replayed, ref: reply.ref)
        case .unsubscribed(let reply): Self.unsubscribed(listID: reply.list, ref: reply.ref)
        case .listShared(let shared): Self.listShared(shared.summary.listSummary, by: shared.by)
        case .revoked(let revoked): Self.revoked(listID: revoked.list)
        case .event(let event): Self.event(event.checklistEvent)
        case .settings(let reply):
            Self.settings(
                timeZone: reply.timeZone, inboxID: reply.inbox, maxAttachmentBytes: reply.maxAttachmentBytes,
                email: reply.email, ref: reply.ref)
        case .reminder(let reminder):
            Self.reminder(
                listID: reminder.list, listTitle: reminder.listTitle, item: reminder.item.itemView, kind: reminder.kind,
                at: reminder.at, late: reminder.late)
        case .reminderDismissed(let reply):
            Self.reminderDismissed(listID: reply.list, itemID: reply.item, at: reply.at, ref: reply.ref)
        case .reminderSnoozed(let reply):
            Self.reminderSnoozed(listID: reply.list, itemID: reply.item, until: reply.until, ref: reply.ref)
        case .history(let reply): Self.history(listID: reply.list, days: reply.days, ref: reply.ref)
        case .agenda(let reply):
            Self.agenda(
                items: reply.items.map(\.agendaEntry), overdue: reply.overdue.map(\.agendaEntry), ref: reply.ref)
        case .search(let reply): Self.search(reply.results.map(\.searchHit), ref: reply.ref)
        case .feed(let reply): Self.feed(url: reply.url, list: reply.list, ref: reply.ref)
        case .attachmentURL(let reply): Self.attachmentURL(reply.url, id: reply.id, ref: reply.ref)
        case .pushKey(let reply): Self.pushKey(reply.key, ref: reply.ref)
        case .pushSubscribed(let reply): Self.pushSubscribed(id: reply.id, ref: reply.ref)
        case .pushUnsubscribed(let reply): Self.pushUnsubscribed(id: reply.id, ref: reply.ref)
        case .devices(let reply): Self.devices(reply.devices, ref: reply.ref)
        case .other(_, let json): json.encoded()
        }
    }
}
