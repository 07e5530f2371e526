public import ChecklistCore
public import ChecklistStore

/// Checklists and the event log.
extension PostgresStorage {
    /// Locks the checklist's row for the rest of the batch and compares its `seq` with the
    /// cached head: only a state another server moved on is read again. The lock is what
    /// keeps one checklist's `seq` gap-free across servers: nobody else gives out the next one
    /// until this batch commits.
    public func loadChecklist(_ id: ListID, unlessHeadIs cachedHead: Int64?) throws(StorageFailure) -> ChecklistLoad {
        let list: Checklist
        if let prepared = lockedLists.removeValue(forKey: id) {
            list = prepared
        } else {
            let locked = try link.query(
                "SELECT \(PostgresRows.listColumns) FROM lists WHERE id = $1 FOR NO KEY UPDATE", [.id(id)])
            guard let listRow = locked.first else { return .missing }
            list = PostgresRows.checklist(listRow)
        }
        if let cachedHead, cachedHead == list.seq { return .current }
        let participants = try link.query(
            "SELECT user_id, username, role, joined_at FROM participants WHERE list_id = $1", [.id(id)]
        ).compactMap { row -> Participant? in
            guard let role = Role(rawValue: row.string(2)) else { return nil }
            return Participant(userID: row.id(0), username: row.string(1), role: role, joinedAt: row.time(3))
        }
        let items = try link.query(
            "SELECT \(PostgresRows.itemColumns()) FROM items WHERE list_id = $1", [.id(id)]
        ).compactMap(PostgresRows.item)
        let checkIns = try link.query(
            "SELECT item_id, username, date, value FROM check_ins WHERE list_id = $1", [.id(id)]
        ).compactMap { row -> CheckInRecord? in
            guard let date = CivilDate(iso: row.string(2)), let value = CheckInValue(rawValue: row.string(3)) else {
                return nil
            }
            return CheckInRecord(itemID: row.id(0), username: row.string(1), date: date, value: value)
        }
        return .loaded(ChecklistState(list: list, participants: participants, items: items, checkIns: checkIns))
    }

    /// Sends every statement of the batch's changes, then waits once for all of them.
    public func write(_ batch: BatchWrite) throws(StorageFailure) {
        guard !batch.isEmpty else { return }
        wroteInBatch = true
        if !batch.events.isEmpty { wroteEvents = true }
        var pipeline = PostgresLink.Pipeline()
        try sendChecklists(batch, in: &pipeline)
        try sendParticipants(batch, in: &pipeline)
        try sendCheckIns(batch, in: &pipeline)
        try sendEvents(batch, in: &pipeline)
        try sendUsageAndAttachments(batch, in: &pipeline)
        try link.finish(pipeline)
    }

    /// Each changed checklist's row and search document, and those of its changed items: one
    /// statement per table for the whole batch (`RowsStatement`).
    private func sendChecklists(_ batch: BatchWrite, in pipeline: inout PostgresLink.Pipeline) throws(StorageFailure) {
        var lists: [[SQLValue]] = []
        var items: [[SQLValue]] = []
        var documents: [[SQLValue]] = []
        for changed in Self.distinct(batch.checklists) {
            let state = changed.state
            let id = state.list.id
            lists.append(PostgresRows.listValues(state.list))
            documents.append([.id(id), .text(""), .text(state.list.title), .text(state.list.description ?? "")])
            for itemID in changed.items {
                guard let item = state.items[itemID] else { continue }
                items.append(PostgresRows.itemValues(item, in: id, modifiedAt: batch.at))
                let body = [item.notes, item.location].compactMap { $0 }.joined(separator: " ")
                documents.append([.id(id), .id(itemID), .text(item.title), .text(body)])
            }
        }
        try PostgresRows.upsertLists.send(lists, on: link, in: &pipeline)
        try PostgresRows.upsertItems.send(items, on: link, in: &pipeline)
        try Self.upsertDocuments.send(documents, on: link, in: &pipeline)
    }

    /// Each checklist once, as its last state with every item any of its entries changed: a
    /// statement that upserts many rows may touch each row only once.
    static func distinct(_ checklists: [ChangedChecklist]) -> [ChangedChecklist] {
        var order: [ListID] = []
        var merged: [ListID: ChangedChecklist] = [:]
        for changed in checklists {
            let id = changed.state.list.id
            if var earlier = merged[id] {
                earlier.state = changed.state
                earlier.items.formUnion(changed.items)
                merged[id] = earlier
            } else {
                order.append(id)
                merged[id] = changed
            }
        }
        return order.compactMap { merged[$0] }
    }

    /// Who joined and who left.
    private func sendParticipants(_ batch: BatchWrite, in pipeline: inout PostgresLink.Pipeline) throws(StorageFailure)
    {
        for change in batch.participants {
            switch change {
            case .joined(let listID, let participant):
                try link.send(
                    """
                    INSERT INTO participants (list_id, user_id, username, role, joined_at) VALUES ($1,$2,$3,$4,$5)
                    ON CONFLICT (list_id, user_id) DO UPDATE SET username = EXCLUDED.username, role = EXCLUDED.role,
                        joined_at = EXCLUDED.joined_at
                    """,
                    [
                        .id(listID), .id(participant.userID), .text(participant.username),
                        .text(participant.role.rawValue), .time(participant.joinedAt),
                    ], in: &pipeline)
            case .left(let listID, let userID):
                try link.send(
                    "DELETE FROM participants WHERE list_id = $1 AND user_id = $2", [.id(listID), .id(userID)],
                    in: &pipeline)
            }
        }
    }

    /// Check-ins set, and check-ins cleared.
    private func sendCheckIns(_ batch: BatchWrite, in pipeline: inout PostgresLink.Pipeline) throws(StorageFailure) {
        for change in batch.checkIns {
            let record = change.record
            let key: [SQLValue] = [
                .id(change.listID), .id(record.itemID), .text(record.username), .text(record.date.description),
            ]
            if let value = record.value {
                try link.send(
                    """
                    INSERT INTO check_ins (list_id, item_id, username, date, value) VALUES ($1,$2,$3,$4,$5)
                    ON CONFLICT (list_id, item_id, username, date) DO UPDATE SET value = EXCLUDED.value
                    """, key + [.text(value.rawValue)], in: &pipeline)
            } else {
                try link.send(
                    "DELETE FROM check_ins WHERE list_id = $1 AND item_id = $2 AND username = $3 AND date = $4", key,
                    in: &pipeline)
            }
        }
    }

    /// The batch's events, each with the node that wrote it, in one statement; an op written
    /// now is no longer the unused one `prepareBatch` found.
    private func sendEvents(_ batch: BatchWrite, in pipeline: inout PostgresLink.Pipeline) throws(StorageFailure) {
        let rows = batch.events.map { event -> [SQLValue] in
            preparedAcks.removeValue(forKey: OpReference(userID: event.authorID, opID: event.opID))
            return [
                .id(event.listID), .int(event.seq), .bytes(event.payload), .id(event.authorID),
                .bytes(Array(event.opID.utf8)), .text(event.createdID), .bytes(event.parsed), .text(node),
            ]
        }
        try Self.insertEvents.send(rows, on: link, in: &pipeline)
    }

    static let insertEvents = RowsStatement(
        head: "INSERT INTO events (list_id, seq, payload, user_id, op_id, created_id, parsed, node) VALUES", tail: "",
        columns: 8)

    /// Storage used per user, and the attachments placed.
    private func sendUsageAndAttachments(_ batch: BatchWrite, in pipeline: inout PostgresLink.Pipeline)
        throws(StorageFailure)
    {
        // Increments, not totals: another server may have added to the same user meanwhile.
        for change in batch.usage where change.added != 0 {
            try link.send(
                "UPDATE users SET stored_bytes = stored_bytes + $1 WHERE id = $2",
                [.int(Int64(change.added)), .id(change.userID)], in: &pipeline)
        }
        for record in batch.attachments {
            try link.send(
                "INSERT INTO attachments (id, list_id, item_id, sha256, size, created_at) VALUES ($1,$2,$3,$4,$5,$6)",
                [
                    .id(record.id), .id(record.listID), .id(record.itemID), .text(record.sha256), .int(record.size),
                    .time(record.createdAt),
                ], in: &pipeline)
        }
    }

    static let upsertDocuments = RowsStatement(
        head: "INSERT INTO search_docs (list_id, item_id, title, body) VALUES",
        tail: """
            ON CONFLICT (list_id, item_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body
                WHERE search_docs.title <> EXCLUDED.title OR search_docs.body <> EXCLUDED.body
            """,
        columns: 4)

    public func readEvents<Sink: ReplaySink>(
        of listID: ListID, after since: Int64, through head: Int64, into sink: inout Sink
    ) throws(StorageFailure) -> Bool {
        guard since < head else { return true }
        let rows = try link.query(
            "SELECT seq, payload FROM events WHERE list_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq",
            [.id(listID), .int(since), .int(head)])
        var expected = since + 1
        for row in rows {
            guard row.int64(0) == expected, let payload = row.bytes(1) else { return false }
            payload.withUnsafeBytes { sink.append($0) }
            expected += 1
        }
        return expected == head + 1
    }

    public func acknowledgement(of opID: String, by userID: UserID) throws(StorageFailure) -> Acknowledgement? {
        if let prepared = preparedAcks[OpReference(userID: userID, opID: opID)] { return prepared }
        return try link.query(
            "SELECT list_id, seq, created_id, parsed FROM events WHERE user_id = $1 AND op_id = $2",
            [.id(userID), .bytes(Array(opID.utf8))]
        ).first.map { row in
            Acknowledgement(listID: row.id(0), seq: row.int64(1), createdID: row.text(2), parsed: row.bytes(3))
        }
    }

    public func memberships(of userID: UserID) throws(StorageFailure) -> [Membership] {
        try link.query(
            """
            SELECT p.list_id, p.role, l.seq, l.status, l.kind, l.inbox
            FROM participants p JOIN lists l ON l.id = p.list_id WHERE p.user_id = $1
            """, [.id(userID)]
        ).compactMap { row in
            guard let role = Role(rawValue: row.string(1)) else { return nil }
            return Membership(
                listID: row.id(0), role: role, head: row.int64(2),
                status: ListStatus(rawValue: row.string(3)) ?? .active,
                kind: ChecklistKind(rawValue: row.string(4)) ?? .checklist, isInbox: row.bool(5))
        }
    }
}
