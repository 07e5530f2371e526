import ChecklistCore

// The decoded payloads as the domain's values, so that `ServerMessage.encoded()` writes them
// with the server's own writers. Only what the wire carries is filled in: the rest (a
// checklist's owner id, an item's reminder anchor, …) never reaches the writers, and is left
// at neutral values here.

extension RemoteItem {
    var itemView: ItemView {
        var item = Item(
            id: id, parent: parent, position: position.wireNumber, title: title, notes: notes, due: due,
            location: location, remindEvery: remindEvery, remindBefore: remindBefore, assignee: assignee,
            repeatRule: repeatRule.flatMap { try? RepeatRule(parsing: $0) }, sequential: sequential,
            availableFrom: availableFrom, status: status, createdBy: createdBy ?? "",
            createdAt: createdAt ?? Timestamp(milliseconds: 0), doneBy: doneBy, doneAt: doneAt,
            cancelledBy: cancelledBy, cancelledAt: cancelledAt)
        item.attachments = attachments
        return ItemView(item: item, completion: completion, available: available)
    }
}

extension ItemPosition {
    /// The number this server writes; a text position (another server's) has none and is 0.
    var wireNumber: Double {
        switch self {
        case .number(let number): number
        case .text: 0
        }
    }
}

extension RemoteSummary {
    var listSummary: ListSummary { listSummary(seq: seq) }

    func listSummary(seq: Int64) -> ListSummary {
        let list = Checklist(
            id: id, title: title, description: description, due: due, timeZone: timeZone, isInbox: isInbox, kind: kind,
            sequential: sequential, goalDays: goalDays, status: status, ownerID: UserID(""),
            createdAt: updatedAt ?? Timestamp(milliseconds: 0), updatedAt: updatedAt ?? Timestamp(milliseconds: 0),
            completedAt: completedAt, cancelledAt: cancelledAt, seq: seq)
        var summary = ListSummary(
            list: list, completion: completion, participantCount: participantCount ?? 0, role: role)
        summary.habits = habits
        return summary
    }
}

extension RemoteParticipant {
    /// A snapshot's participant (a removed one, `role` nil, is not among them).
    var participant: Participant {
        Participant(userID: UserID(""), username: username, role: role ?? .viewer)
    }
}

extension RemoteEvent {
    var checklistEvent: ChecklistEvent {
        let changes = Changes(
            list: summary?.listSummary, items: items.map(\.itemView),
            participants: participants?.map { ParticipantChange(username: $0.username, role: $0.role) })
        return ChecklistEvent(
            listID: list, seq: seq, opID: opID ?? "", kind: op, by: by ?? "", at: at ?? Timestamp(milliseconds: 0),
            changes: changes, completion: completion ?? .empty, item: item, occurrence: occurrence,
            checkIn: checkIn.map {
                CheckInRecord(itemID: item ?? ItemID(""), username: by ?? "", date: $0.date, value: $0.value)
            })
    }
}

extension ServerMessage.Agenda.Entry {
    var agendaEntry: AgendaEntry { AgendaEntry(listID: list, listTitle: listTitle, item: item.itemView) }
}

extension ServerMessage.SearchResults.Hit {
    var searchHit: SearchHit {
        SearchHit(listID: list, listTitle: listTitle, listStatus: listStatus, item: item?.itemView, snippet: snippet)
    }
}
