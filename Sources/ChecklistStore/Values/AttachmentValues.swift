public import ChecklistCore

/// A complete upload waiting in the file store's `tmp/`, and the attachment it becomes.
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

/// An attachment found for a download.
public struct AttachmentLocation: Hashable, Sendable {
    public var listID: ListID
    public var itemID: ItemID
    public var attachment: Attachment

    public init(listID: ListID, itemID: ItemID, attachment: Attachment) {
        self.listID = listID
        self.itemID = itemID
        self.attachment = attachment
    }
}
