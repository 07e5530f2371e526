import ChecklistCore
public import ChecklistStore

/// A batch's reads made up front: its checklists locked and its ops looked up, one statement
/// each for the whole batch (`BatchLookAhead`).
///
/// The ops are joined from a `VALUES` list, so that each is one probe of the `(user_id, op_id)`
/// index: a row-constructor `IN` list of a few hundred pairs was planned as a scan of the whole
/// log (156 ms a batch on a log of 10,000 events).
///
/// Why: every read on the store thread waits a round trip to PostgreSQL, and the rules read
/// each edit's opId and lock each checklist as the edit comes. With fifty writers that was a
/// wait per edit; now it is two waits per batch. Taking the locks in id order also keeps two
/// servers' batches from locking the same checklists in opposite orders (a deadlock, and a
/// rerun).
extension PostgresStorage {
    /// At most this many keys in one statement (far below PostgreSQL's parameter limit).
    static let keysPerStatement = 1_000

    public func prepareBatch(_ lookAhead: BatchLookAhead) throws(StorageFailure) {
        forgetPrepared()
        let lists = lookAhead.checklists.sorted()
        let ops = Array(lookAhead.ops)
        var pipeline = PostgresLink.Pipeline()
        for start in stride(from: 0, to: lists.count, by: Self.keysPerStatement) {
            let chunk = lists[start..<min(lists.count, start + Self.keysPerStatement)]
            try link.send(
                """
                SELECT \(PostgresRows.listColumns) FROM lists WHERE id IN (\(Self.placeholders(chunk.count, width: 1)))
                ORDER BY id FOR NO KEY UPDATE
                """, chunk.map { .id($0) }, in: &pipeline)
        }
        let firstAcks = (lists.count + Self.keysPerStatement - 1) / Self.keysPerStatement
        for start in stride(from: 0, to: ops.count, by: Self.keysPerStatement) {
            let chunk = ops[start..<min(ops.count, start + Self.keysPerStatement)]
            try link.send(
                """
                SELECT e.user_id, e.op_id, e.list_id, e.seq, e.created_id, e.parsed
                FROM (VALUES \(Self.placeholders(chunk.count, width: 2, types: ["text", "bytea"]))) AS k(user_id, op_id)
                JOIN events e ON e.user_id = k.user_id AND e.op_id = k.op_id
                """, chunk.flatMap { [.id($0.userID), .bytes(Array($0.opID.utf8))] }, in: &pipeline)
        }
        let results = try link.rows(of: pipeline)
        for rows in results[..<firstAcks] {
            for row in rows {
                let list = PostgresRows.checklist(row)
                lockedLists[list.id] = list
            }
        }
        for op in ops { preparedAcks[op] = .some(nil) }
        for rows in results[firstAcks...] {
            for row in rows {
                let op = OpReference(userID: row.id(0), opID: String(decoding: row.bytes(1) ?? [], as: UTF8.self))
                preparedAcks[op] = Acknowledgement(
                    listID: row.id(2), seq: row.int64(3), createdID: row.text(4), parsed: row.bytes(5))
            }
        }
    }

    /// Outside a batch (and at the start of each) nothing read ahead is trusted.
    func forgetPrepared() {
        lockedLists.removeAll(keepingCapacity: true)
        preparedAcks.removeAll(keepingCapacity: true)
    }

    /// `$1, $2, …` or `($1,$2), ($3,$4), …`: `count` tuples of `width` parameters, each cast
    /// to its type when `types` are given (a `VALUES` list has no column types to infer them
    /// from).
    static func placeholders(_ count: Int, width: Int, types: [String] = []) -> String {
        (0..<count).map { tuple in
            let parameters = (0..<width).map { column in
                "$\(tuple * width + column + 1)" + (column < types.count ? "::\(types[column])" : "")
            }.joined(separator: ",")
            return width == 1 ? parameters : "(\(parameters))"
        }.joined(separator: ", ")
    }
}
