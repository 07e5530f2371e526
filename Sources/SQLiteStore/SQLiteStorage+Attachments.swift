import ChecklistCore
public import ChecklistStore
import GRDB

/// Attachment bytes as files beside the database (`AttachmentFiles`), and their records.
extension SQLiteStorage {
    public func putAttachment(from temporaryPath: String, sha256: String) throws(StorageFailure) -> Bool {
        try guarded { try files.place(temporaryPath, as: sha256) }
    }

    public func removeAttachment(sha256: String) {
        files.remove(sha256)
    }

    public func attachmentFile(sha256: String) throws(StorageFailure) -> String? {
        files.contains(sha256) ? files.path(of: sha256) : nil
    }

    public func attachmentRecords(_ key: AttachmentKey) throws(StorageFailure) -> [AttachmentRecord] {
        try guarded {
            let columns = "id, list_id, item_id, sha256, size, created_at"
            let rows: [Row]
            switch key {
            case .id(let id):
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: "SELECT \(columns) FROM attachments WHERE id = ?"), arguments: [id])
            case .content(let sha256):
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: "SELECT \(columns) FROM attachments WHERE sha256 = ?"), arguments: [sha256])
            }
            return rows.map { row in
                AttachmentRecord(
                    id: row[0], listID: row[1], itemID: row[2], sha256: row[3], size: row[4],
                    createdAt: Timestamp(milliseconds: row[5]))
            }
        }
    }

    public func storedAttachmentBytes() throws(StorageFailure) -> Int64 {
        try guarded {
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT COALESCE(SUM(size), 0) FROM (SELECT sha256, MAX(size) AS size FROM attachments GROUP BY sha256)
                        """)) ?? 0
        }
    }
}
