public import ChecklistCore
public import ChecklistStore
import GRDB

/// Checklists and the event log: a checklist's rows as one state, the batch's changes
/// written, replays, acknowledgements and memberships.
extension SQLiteStorage {
    /// A checklist's state from its rows. Only this server writes the file (`DatabaseLock`), so a
    /// cached head is always the stored one.
    public func loadChecklist(_ id: ListID, unlessHeadIs cachedHead: Int64?) throws(StorageFailure) -> ChecklistLoad {
        if cachedHead != nil { return .current }
        return try guarded {
            guard
                let listRow = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(RowCodec.listColumns()) FROM lists WHERE id = ?"), arguments: [id]
                )
            else { return .missing }
            let participants = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT user_id, username, role, joined_at FROM participants WHERE list_id = ?"),
                arguments: [id]
            ).compactMap(RowCodec.participant)
            let items = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(RowCodec.itemColumns()) FROM items WHERE list_id = ?"),
                arguments: [id]
            )
            .compactMap(RowCodec.item)
            let checkIns = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT item_id, username, date, value FROM check_ins WHERE list_id = ?"),
                arguments: [id]
            ).compactMap { row -> CheckInRecord? in
                guard let date = CivilDate(iso: row[2]), let value = CheckInValue(rawValue: row[3]) else { return nil }
                return CheckInRecord(itemID: row[0], username: row[1], date: date, value: value)
            }
            return .loaded(
                ChecklistState(
                    list: RowCodec.checklist(listRow), participants: participants, items: items, checkIns: checkIns))
        }
    }

    /// Writes the batch's rows: each changed checklist's row and its search document, then its
    /// changed items' rows and documents; participants (after their checklist's row, which they
    /// refer to); check-ins; the events; usage; attachment records.
    public func write(_ batch: BatchWrite) throws(StorageFailure) {
        try guarded {
            if !batch.checklists.isEmpty { try writeChecklists(batch.checklists, at: batch.at) }
            if !batch.participants.isEmpty { try writeParticipants(batch.participants) }
            for change in batch.checkIns {
                let record = change.record
                if let value = record.value {
                    try db.cachedStatement(
                        sql:
                            "INSERT OR REPLACE INTO check_ins (list_id, item_id, username, date, value) VALUES (?,?,?,?,?)"
                    )
                    .execute(arguments: [
                        change.listID, record.itemID, record.username, record.date.description, value.rawValue,
                    ])
                } else {
                    try db.cachedStatement(
                        sql: "DELETE FROM check_ins WHERE list_id = ? AND item_id = ? AND username = ? AND date = ?"
                    )
                    .execute(arguments: [change.listID, record.itemID, record.username, record.date.description])
                }
            }
            if !batch.events.isEmpty {
                let insertEvent = try statements().insertEvent
                for event in batch.events {
                    insertEvent.bind(1, event.listID)
                    insertEvent.bind(2, event.seq)
                    insertEvent.bind(3, event.payload)
                    insertEvent.bind(4, event.authorID)
                    insertEvent.bind(5, event.opID)
                    insertEvent.bind(6, event.createdID)
                    insertEvent.bind(7, event.parsed)
                    try insertEvent.execute()
                }
            }
            if !batch.usage.isEmpty {
                let update = try db.cachedStatement(sql: "UPDATE users SET stored_bytes = ? WHERE id = ?")
                for change in batch.usage { try update.execute(arguments: [change.storedBytes, change.userID]) }
            }
            for record in batch.attachments {
                try db.cachedStatement(
                    sql: "INSERT INTO attachments (id, list_id, item_id, sha256, size, created_at) VALUES (?,?,?,?,?,?)"
                )
                .execute(arguments: [
                    record.id, record.listID, record.itemID, record.sha256, record.size, record.createdAt.milliseconds,
                ])
            }
        }
    }

    private func writeChecklists(_ checklists: [ChangedChecklist], at: Timestamp) throws {
        let upsertList = try db.cachedStatement(sql: RowCodec.upsertList)
        let upsertItem = try db.cachedStatement(sql: RowCodec.upsertItem)
        let upsertDocument = try db.cachedStatement(
            sql: """
                INSERT INTO search_docs (list_id, item_id, title, body) VALUES (?, ?, CAST(? AS TEXT), CAST(? AS TEXT))
                ON CONFLICT (list_id, item_id) DO UPDATE SET title = excluded.title, body = excluded.body
                    WHERE title != excluded.title OR body != excluded.body
                """)
        let modifiedAt = at.milliseconds
        for changed in checklists {
            let state = changed.state
            let id = state.list.id
            try upsertList.execute(arguments: RowCodec.arguments(state.list))
            try upsertDocument.execute(
                arguments: [id, "", RowCodec.whole(state.list.title), RowCodec.whole(state.list.description ?? "")])
            for itemID in changed.items {
                guard let item = state.items[itemID] else { continue }
                try upsertItem.execute(arguments: RowCodec.arguments(item, in: id) + [modifiedAt])
                let body = [item.notes, item.location].compactMap { $0 }.joined(separator: " ")
                try upsertDocument.execute(arguments: [id, itemID, RowCodec.whole(item.title), RowCodec.whole(body)])
            }
        }
    }

    private func writeParticipants(_ changes: [MembershipChange]) throws {
        for change in changes {
            switch change {
            case .joined(let listID, let participant):
                try db.cachedStatement(
                    sql:
                        "INSERT OR REPLACE INTO participants (list_id, user_id, username, role, joined_at) VALUES (?,?,?,?,?)"
                )
                .execute(arguments: [
                    listID, participant.userID, participant.username, participant.role.rawValue,
                    participant.joinedAt?.milliseconds,
                ])
                searchDocuments.participation(of: participant.userID, in: listID, reads: true)
            case .left(let listID, let userID):
                try db.cachedStatement(sql: "DELETE FROM participants WHERE list_id = ? AND user_id = ?")
                    .execute(arguments: [listID, userID])
                searchDocuments.participation(of: userID, in: listID, reads: false)
            }
        }
    }

    public func readEvents<Sink: ReplaySink>(
        of listID: ListID, after since: Int64, through head: Int64, into sink: inout Sink
    )
        throws(StorageFailure) -> Bool
    {
        try guarded {
            let select = try statements().selectEvents
            select.bind(1, listID)
            select.bind(2, since)
            var expected = since + 1
            guard expected <= head else { return true }
            try select.forEachRow { row in
                guard row.int64(0) == expected else { return false }
                sink.append(row.blob(1))
                expected += 1
                return expected <= head
            }
            return expected == head + 1
        }
    }

    public func acknowledgement(of opID: String, by userID: UserID) throws(StorageFailure) -> Acknowledgement? {
        try guarded {
            let find = try statements().findOp
            find.bind(1, userID)
            find.bind(2, opID)
            return try find.first { row in
                Acknowledgement(
                    listID: ListID(row.text(0) ?? ""), seq: row.int64(1), createdID: row.text(2),
                    parsed: row.optionalBlob(3))
            }
        }
    }

    public func memberships(of userID: UserID) throws(StorageFailure) -> [Membership] {
        try guarded {
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT p.list_id, p.role, l.seq, l.status, l.kind, l.inbox
                        FROM participants p JOIN lists l ON l.id = p.list_id WHERE p.user_id = ?
                        """), arguments: [userID]
            ).compactMap { row in
                guard let role = Role(rawValue: row[1]) else { return nil }
                return Membership(
                    listID: row[0], role: role, head: row[2], status: ListStatus(rawValue: row[3]) ?? .active,
                    kind: ChecklistKind(rawValue: row[4]) ?? .checklist, isInbox: (row[5] as Int64) == 1)
            }
        }
    }
}
