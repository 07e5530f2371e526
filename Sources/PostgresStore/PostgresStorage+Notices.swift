public import ChecklistCore
public import ChecklistStore
import Foundation

/// Notices for the other servers, held until the batch's writes are sent and written just
/// before its `COMMIT`: the event rows an `eventNotices` completes exist by then, and a batch
/// that rolls back publishes nothing.
extension PostgresStorage {
    public func publish(_ notices: [ClusterNotice]) throws(StorageFailure) {
        pendingNotices += notices
    }

    /// Sends the batch's notices on the pipeline of its last writes (one wait for them all).
    func writePendingNotices() throws(StorageFailure) {
        guard !pendingNotices.isEmpty else { return }
        defer { pendingNotices.removeAll() }
        var pipeline = PostgresLink.Pipeline()
        for notice in pendingNotices {
            if case .eventNotices(let listID, let seq, let revoked, let shared) = notice {
                try link.send(
                    "UPDATE events SET revoked_user = $3, shared_user = $4, shared_notice = $5 WHERE list_id = $1 AND seq = $2",
                    [.id(listID), .int(seq), .id(revoked), .id(shared?.userID), .bytes(shared?.message)], in: &pipeline)
            } else if let row = NoticeRows.row(notice) {
                try link.send(
                    "INSERT INTO notices (node, kind, user_id, body) VALUES ($1, $2, $3, $4)",
                    [.text(node), .text(row.kind), .text(row.userID), .bytes(row.body)], in: &pipeline)
            }
        }
        try link.finish(pipeline)
        wroteEvents = true
    }
}

extension PostgresStorage {
    /// The head check: the checklists whose `seq` passed the one given, and the notices of
    /// their events past it. Two statements for any number of checklists (the ids go as JSON).
    public func heads(after known: [ListID: Int64]) throws(StorageFailure) -> [StoredHead] {
        let asked = known.map { ["id": $0.key.rawValue, "after": $0.value] as [String: Any] }
        guard let json = try? JSONSerialization.data(withJSONObject: asked) else { return [] }
        let text = String(decoding: json, as: UTF8.self)
        let moved = try link.query(
            """
            SELECT l.id, l.seq FROM lists l JOIN json_to_recordset($1::json) AS k(id text, after bigint)
            ON l.id = k.id WHERE l.seq > k.after
            """, [.text(text)])
        guard !moved.isEmpty else { return [] }
        var heads = [ListID: StoredHead]()
        for row in moved {
            let id: ListID = row.id(0)
            heads[id] = StoredHead(listID: id, head: row.int64(1))
        }
        let notices = try link.query(
            """
            SELECT e.list_id, e.seq, e.revoked_user, e.shared_user, e.shared_notice
            FROM events e JOIN json_to_recordset($1::json) AS k(id text, after bigint)
            ON e.list_id = k.id AND e.seq > k.after
            WHERE e.revoked_user IS NOT NULL OR e.shared_user IS NOT NULL ORDER BY e.list_id, e.seq
            """, [.text(text)])
        for row in notices {
            let id: ListID = row.id(0)
            heads[id]?.notices.append(
                CommittedEvent(
                    listID: id, seq: row.int64(1), payload: [], revokedUserID: row.text(2).map(UserID.init),
                    shared: row.text(3).map { SharedNotice(userID: UserID($0), message: row.bytes(4) ?? []) }))
        }
        return Array(heads.values)
    }
}
