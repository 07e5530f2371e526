public import ChecklistCore

/// A complete upload waiting in the store's upload folder (`StoreBackend.uploadDirectory`), and
/// the attachment it becomes.
public struct AttachmentUpload: Hashable, Sendable {
    public var listID: ListID
    public var itemID: ItemID
    public var attachment: Attachment
    public var temporaryPath: String

    public init(listID: ListID, itemID: ItemID, attachment: Attachment, temporaryPath: String) {
        self.listID = listID
        self.itemID = itemID
        self.attachment = attachment
        self.temporaryPath = temporaryPath
    }
}

/// An attachment found for a download, and a local file holding its bytes.
public struct AttachmentLocation: Hashable, Sendable {
    public var listID: ListID
    public var itemID: ItemID
    public var attachment: Attachment
    /// Where the bytes can be read from (opened and streamed off the store thread); `nil` when
    /// the store has lost them.
    public var file: String?

    public init(listID: ListID, itemID: ItemID, attachment: Attachment, file: String?) {
        self.listID = listID
        self.itemID = itemID
        self.attachment = attachment
        self.file = file
    }
}
