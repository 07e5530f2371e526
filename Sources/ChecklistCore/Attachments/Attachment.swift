/// A file on an item: what the item's events carry. The bytes live in the server's
/// content-addressed file store under `sha256`; nothing here is ever deleted — a cancelled
/// attachment is hidden and can be restored.
public struct Attachment: Hashable, Sendable {
    public enum Status: String, Sendable {
        case active
        case cancelled
    }

    public var id: AttachmentID
    /// The name it was uploaded with, for display and `Content-Disposition` only (never a path).
    public var name: String
    /// The `Content-Type` it was uploaded with (served as is, never sniffed).
    public var type: String
    public var size: Int64
    /// Lower-case hex SHA-256 of the bytes: the file's name in the store.
    public var sha256: String
    /// The username of who attached it.
    public var by: String
    public var at: Timestamp
    public var status: Status

    public init(
        id: AttachmentID, name: String, type: String, size: Int64, sha256: String, by: String, at: Timestamp,
        status: Status = .active
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.size = size
        self.sha256 = sha256
        self.by = by
        self.at = at
        self.status = status
    }

    /// At most this many attachments on one item (cancelled ones count: nothing is deleted).
    public static let maximumPerItem = 100
}
