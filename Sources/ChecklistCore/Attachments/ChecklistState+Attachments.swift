/// `attach`, `cancelAttachment`, `restoreAttachment`: files on items, never deleted.
extension ChecklistState {
    mutating func attach(_ attachment: Attachment, to id: ItemID, recording recorder: inout EditRecorder)
        throws(DomainError)
    {
        var item = try existingItem(id)
        if let cancelled = cancelledAncestorOrSelf(of: id) {
            throw .conflict("“\(cancelled.title)” is cancelled; restore it before attaching files to it")
        }
        guard !item.attachments.contains(where: { $0.id == attachment.id }) else {
            throw .conflict("an attachment with id \(attachment.id) is already on this item")
        }
        guard item.attachments.count < Attachment.maximumPerItem else {
            throw .tooLarge("an item holds at most \(Attachment.maximumPerItem) attachments (cancelled ones count)")
        }
        item.attachments.append(attachment)
        replace(item)
        recorder.touch(id)
    }

    mutating func setAttachment(
        _ attachmentID: AttachmentID, on id: ItemID, to status: Attachment.Status,
        recording recorder: inout EditRecorder
    ) throws(DomainError) {
        var item = try existingItem(id)
        guard let index = item.attachments.firstIndex(where: { $0.id == attachmentID }) else {
            throw .notFound("no attachment \(attachmentID) on “\(item.title)”")
        }
        guard item.attachments[index].status != status else {
            throw .conflict(
                status == .cancelled ? "this attachment is already cancelled" : "this attachment is not cancelled")
        }
        item.attachments[index].status = status
        replace(item)
        recorder.touch(id)
    }
}
