public import ChecklistCore
import Foundation

/// An item's attachments in its row's `attachments` column, as JSON (`NULL` when none).
///
/// Why JSON in a column: the attachments are part of the item (its events carry them), and
/// the item is loaded and written as one row. The `attachments` table beside it indexes
/// them by id and by content for downloads and for the file store's clean-up. Every back end
/// stores the column the same way, so a copy between stores moves it as it is.
public enum AttachmentColumn {
    /// The column's JSON as plain values: `id` is the `AttachmentID`'s text.
    private struct Stored: Codable {
        var id: String
        var name: String
        var type: String
        var size: Int64
        var sha256: String
        var by: String
        var at: Int64
        var status: String
    }

    public static func encode(_ attachments: [Attachment]) -> String? {
        guard !attachments.isEmpty else { return nil }
        let stored = attachments.map {
            Stored(
                id: $0.id.rawValue, name: $0.name, type: $0.type, size: $0.size, sha256: $0.sha256, by: $0.by,
                at: $0.at.milliseconds, status: $0.status.rawValue)
        }
        guard let data = try? JSONEncoder().encode(stored) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    public static func decode(_ text: String?) -> [Attachment] {
        guard let text, let stored = try? JSONDecoder().decode([Stored].self, from: Data(text.utf8)) else { return [] }
        return stored.map {
            Attachment(
                id: AttachmentID($0.id), name: $0.name, type: $0.type, size: $0.size, sha256: $0.sha256, by: $0.by,
                at: Timestamp(milliseconds: $0.at), status: Attachment.Status(rawValue: $0.status) ?? .active
            )
        }
    }
}
