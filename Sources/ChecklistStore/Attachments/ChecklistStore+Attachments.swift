public import ChecklistCore
import Foundation
import GRDB

/// Attachments: an upload put on an item as one `attach` edit, and the lookups downloads need.
extension ChecklistStore {
    /// Checks the user may attach to the item (owner or editor of a live checklist), then moves
    /// the upload into the file store and applies the `attach` edit: acknowledged only once
    /// the file is in place and the edit commits. `maxTotalBytes` (0: none) caps the bytes
    /// stored on the server (each file once).
    public func attach(
        _ upload: AttachmentUpload, files: AttachmentFiles, maxTotalBytes: Int64, opID: String, by actor: Actor
    ) throws(StoreError) -> EditOutcome {
        do {
            if let ack = try acknowledgement(of: opID, by: actor.userID) { return .duplicate(ack) }
            let state = try visibleState(upload.listID, for: actor.userID)
            try state.authorize(.attach(upload.itemID, upload.attachment), by: actor.userID)
            guard state.items[upload.itemID] != nil else { throw StoreError.rejected(.itemNotFound(upload.itemID)) }
            let sha = upload.attachment.sha256
            let known =
                try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM attachments WHERE sha256 = ?)"),
                    arguments: [sha]) ?? false
            if maxTotalBytes > 0, !known {
                let stored =
                    try Int64.fetchOne(
                        db.cachedStatement(
                            sql: """
                                SELECT COALESCE(SUM(size), 0) FROM (SELECT sha256, MAX(size) AS size FROM attachments GROUP BY sha256)
                                """)) ?? 0
                guard stored + upload.attachment.size <= maxTotalBytes else {
                    throw StoreError.rejected(
                        .tooLarge(
                            "the server's attachment space is full (\(maxTotalBytes) bytes, --max-attachments-total); nothing was stored"
                        ))
                }
            }
            let placedNew = try files.place(upload.temporaryPath, as: sha)
            var attachment = upload.attachment
            attachment.by = actor.username
            let outcome: EditOutcome
            do {
                outcome = try apply(.edit(upload.listID, .attach(upload.itemID, attachment)), opID: opID, by: actor)
            } catch {
                if placedNew, !known { files.remove(sha) }
                throw error
            }
            try db.cachedStatement(
                sql: "INSERT INTO attachments (id, list_id, item_id, sha256, size, created_at) VALUES (?,?,?,?,?,?)"
            )
            .execute(arguments: [
                upload.attachment.id, upload.listID, upload.itemID, sha, upload.attachment.size, now.milliseconds,
            ])
            return outcome
        } catch {
            throw storeError(error)
        }
    }

    /// The attachment and where it is, when the user may read its checklist; `nil` otherwise
    /// (unknown and not-yours look the same).
    public func attachment(_ id: AttachmentID, readableBy userID: UserID) throws(StoreError) -> AttachmentLocation? {
        do {
            try writeChangedRows()
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT list_id, item_id FROM attachments WHERE id = ?"), arguments: [id])
            else {
                return nil
            }
            let listID: ListID = row[0]
            let itemID: ItemID = row[1]
            guard let state = try state(listID), state.role(of: userID) != nil,
                let attachment = state.items[itemID]?.attachments.first(where: { $0.id == id })
            else { return nil }
            return AttachmentLocation(listID: listID, itemID: itemID, attachment: attachment)
        } catch {
            throw storeError(error)
        }
    }

    /// Every content hash an attachment names (what the file store must keep).
    public func referencedAttachmentContents() throws(StoreError) -> Set<String> {
        do {
            return Set(try String.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT sha256 FROM attachments")))
        } catch {
            throw storeError(error)
        }
    }
}
