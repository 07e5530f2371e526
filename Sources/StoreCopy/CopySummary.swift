import Foundation

/// What a finished copy moved and checked, for the few lines `copy-store` prints.
public struct CopySummary: Sendable {
    public var source: String
    public var target: String
    /// Rows per table, in copy order; each equal in the source and the target.
    public var rows: [(table: String, count: Int64)] = []
    public var attachmentFiles = 0
    public var attachmentBytes: Int64 = 0
    public var events: Int64 = 0
    public var eventBytes: Int64 = 0
    /// Checklists whose `count(events) = max(seq) = head seq` held in the target.
    public var checklists: Int64 = 0
    public var serverKeyCopied = false
    public var seconds: Double = 0

    public var lines: [String] {
        let counts = rows.map { "\($0.table) \($0.count)" }.joined(separator: ", ")
        return [
            "copied \(source) to \(target) in \(String(format: "%.1f", seconds)) s",
            "  rows: \(counts)",
            "  attachments: \(Self.counted(Int64(attachmentFiles), "file")), \(Self.counted(attachmentBytes, "byte"))",
            "verified: the row count of each of \(rows.count) tables, \(Self.counted(events, "event")) "
                + "(\(Self.counted(eventBytes, "byte"))), count(events) = max(seq) = head seq for each of "
                + Self.counted(checklists, "checklist")
                + (serverKeyCopied ? ", the server key" : ""),
        ]
    }

    /// "1 file", "2 files".
    static func counted(_ count: Int64, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
