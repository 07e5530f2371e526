public import ChecklistCore
public import ChecklistStore

/// Attachments: an upload put on an item as one `attach` edit, and the lookups downloads need.
extension StoreRules {
    /// Checks the user may attach to the item (owner or editor of a live checklist), then hands
    /// the upload's bytes to the back end and applies the `attach` edit: acknowledged only once
    /// the bytes are stored and the edit commits. `maxTotalBytes` (0: none) caps the bytes
    /// stored on the server (each content once).
    public func attach(_ upload: AttachmentUpload, maxTotalBytes: Int64, opID: String, by actor: Actor)
        throws(StoreError) -> EditOutcome
    {
        holdUpload(upload.temporaryPath)
        do {
            if let ack = try acknowledgement(of: opID, by: actor.userID) { return .duplicate(ack) }
            let state = try visibleState(upload.listID, for: actor.userID)
            try state.authorize(.attach(upload.itemID, upload.attachment), by: actor.userID)
            guard state.items[upload.itemID] != nil else { throw StoreError.rejected(.itemNotFound(upload.itemID)) }
            // The records this batch added count too.
            if !batch.attachments.isEmpty { try flushPendingWrites() }
            let sha = upload.attachment.sha256
            let known = try !port.attachmentRecords(.content(sha256: sha)).isEmpty
            if maxTotalBytes > 0, !known {
                guard try port.storedAttachmentBytes() + upload.attachment.size <= maxTotalBytes else {
                    throw StoreError.rejected(
                        .tooLarge(
                            "the server's attachment space is full (\(maxTotalBytes) bytes, --max-attachments-total); nothing was stored"
                        ))
                }
            }
            let placedNew = try port.putAttachment(from: upload.temporaryPath, sha256: sha)
            var attachment = upload.attachment
            attachment.by = actor.username
            let outcome: EditOutcome
            do {
                outcome = try apply(.edit(upload.listID, .attach(upload.itemID, attachment)), opID: opID, by: actor)
            } catch {
                if placedNew, !known { port.removeAttachment(sha256: sha) }
                throw error
            }
            batch.attachments.append(
                AttachmentRecord(
                    id: upload.attachment.id, listID: upload.listID, itemID: upload.itemID, sha256: sha,
                    size: upload.attachment.size, createdAt: now))
            return outcome
        } catch {
            throw storeError(error)
        }
    }

    public func holdUpload(_ temporaryPath: String) {
        uploadsKept.keep(temporaryPath)
    }

    /// The attachment and a local file with its bytes, when the user may read its checklist;
    /// `nil` otherwise (unknown and not-yours look the same).
    public func attachment(_ id: AttachmentID, readableBy userID: UserID) throws(StoreError) -> AttachmentLocation? {
        do {
            try flushPendingWrites()
            guard let record = try port.attachmentRecords(.id(id)).first,
                let state = try state(record.listID), state.role(of: userID) != nil,
                let attachment = state.items[record.itemID]?.attachments.first(where: { $0.id == id })
            else { return nil }
            return AttachmentLocation(
                listID: record.listID, itemID: record.itemID, attachment: attachment,
                file: try port.attachmentFile(sha256: attachment.sha256))
        } catch {
            throw storeError(error)
        }
    }
}
