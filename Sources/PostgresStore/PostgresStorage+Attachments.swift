public import ChecklistCore
public import ChecklistStore
import Foundation

/// Attachment bytes in the database (`attachment_bytes`, keyed by their SHA-256), so that
/// every server reads what any server stored and one backup holds everything. The local
/// folder only caches them for downloads to stream from.
extension PostgresStorage {
    /// Stores the upload's bytes in the batch's transaction (before the `attach` edit that
    /// needs them); the upload's file becomes the local cached copy.
    public func putAttachment(from temporaryPath: String, sha256: String) throws(StorageFailure) -> Bool {
        guard let data = FileManager.default.contents(atPath: temporaryPath) else {
            throw StorageFailure("the upload \(temporaryPath) cannot be read")
        }
        wroteInBatch = true
        let inserted = try link.execute(
            """
            INSERT INTO attachment_bytes (sha256, size, bytes, stored_at)
            VALUES ($1, $2, $3, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
            ON CONFLICT (sha256) DO NOTHING
            """, [.text(sha256), .int(Int64(data.count)), .bytes(Array(data))])
        do { try files.place(temporaryPath, as: sha256) } catch {
            try? FileManager.default.removeItem(atPath: temporaryPath)
        }
        return inserted == 1
    }

    public func removeAttachment(sha256: String) {
        _ = try? link.execute("DELETE FROM attachment_bytes WHERE sha256 = $1", [.text(sha256)])
        files.remove(sha256)
    }

    /// The cached file, or the bytes read from the database into the cache first.
    public func attachmentFile(sha256: String) throws(StorageFailure) -> String? {
        if files.contains(sha256) { return files.path(of: sha256) }
        guard
            let bytes = try link.query("SELECT bytes FROM attachment_bytes WHERE sha256 = $1", [.text(sha256)]).first?
                .bytes(0)
        else { return nil }
        let temporary = files.temporaryDirectory + "/" + UUID().uuidString + ".cache"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw StorageFailure("cannot write the attachment cache in \(files.directory)")
        }
        do { try files.place(temporary, as: sha256) } catch {
            throw StorageFailure("cannot write the attachment cache in \(files.directory): \(error)")
        }
        return files.path(of: sha256)
    }

    public func attachmentRecords(_ key: AttachmentKey) throws(StorageFailure) -> [AttachmentRecord] {
        let columns = "id, list_id, item_id, sha256, size, created_at"
        let rows: [SQLRow]
        switch key {
        case .id(let id):
            rows = try link.query("SELECT \(columns) FROM attachments WHERE id = $1", [.id(id)])
        case .content(let sha256):
            rows = try link.query("SELECT \(columns) FROM attachments WHERE sha256 = $1", [.text(sha256)])
        }
        return rows.map { row in
            AttachmentRecord(
                id: row.id(0), listID: row.id(1), itemID: row.id(2), sha256: row.string(3), size: row.int64(4),
                createdAt: Timestamp(milliseconds: row.int64(5)))
        }
    }

    public func storedAttachmentBytes() throws(StorageFailure) -> Int64 {
        try link.query(
            "SELECT COALESCE(sum(size), 0)::bigint FROM (SELECT max(size) AS size FROM attachments GROUP BY sha256) s"
        ).first?.int64(0) ?? 0
    }
}
