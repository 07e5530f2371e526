public import ChecklistStore

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
