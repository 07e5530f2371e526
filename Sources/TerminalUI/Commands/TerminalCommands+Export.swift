import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `export LIST [--format json|csv] [-o FILE]`: a checklist as a file to keep or to open in a
/// spreadsheet.
extension TerminalCommands {
    public enum ExportFormat: String, Sendable, CaseIterable {
        case json, csv
    }

    /// JSON: the checklist as `show --json` prints its `list` (every field of every item, in
    /// tree order). CSV (RFC 4180, a header row, one row per item in tree order): `id`,
    /// `parent`, `path` (the parents' titles, `›`-separated), `title`, `status`, `due`, `notes`,
    /// `location`, `repeat`, `remindBefore`, `remindEvery`, `assignee`, `attachments` (the count),
    /// `createdBy`, `createdAt`, `doneBy`, `doneAt`, `cancelledBy`, `cancelledAt`. To standard
    /// output, or to `output` (refused when it exists).
    public static func export(
        list reference: String, format: ExportFormat, output: String?, server: String?, console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        let (view, cached) = try await context.view(of: list)
        reportFlush(context, console)
        if cached { console.note("Offline: exporting the copy from the last connection (seq \(view.seq)).") }
        let text = format == .json ? view.json.description + "\n" : CSVExport.document(view)
        guard let output, output != "-" else { return StandardStreams.output(text) }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw ClientError.invalidInput("\(output) exists; choose another file with -o")
        }
        try AttachmentHTTP.checkWritable(output)
        try AttachmentHTTP.save(Data(text.utf8), to: output)
        console.note("Exported “\(list.title)” (\(view.items.count) items) to \(output).")
    }
}

/// The CSV form of a checklist. Written here rather than with a CSV package: quoting is the
/// whole of RFC 4180's writing side (a field with a comma, quote or line break is quoted, and
/// quotes doubled), and nothing is read back.
enum CSVExport {
    static let columns = [
        "id", "parent", "path", "title", "status", "due", "notes", "location", "repeat", "remindBefore",
        "remindEvery", "assignee", "attachments", "createdBy", "createdAt", "doneBy", "doneAt", "cancelledBy",
        "cancelledAt",
    ]

    static func document(_ view: ChecklistView) -> String {
        var lines = [columns.map(quoted).joined(separator: ",")]
        for row in view.rows {
            let item = row.item
            let fields: [String?] = [
                item.id.rawValue, item.parent?.rawValue, view.path(of: item).joined(separator: " › "), item.title,
                item.status.rawValue, item.due?.description, item.notes, item.location, item.repeatRule,
                item.remindBefore.map(String.init), item.remindEvery.map(String.init), item.assignee,
                String(item.attachmentCount), item.createdBy, item.createdAt?.rfc3339, item.doneBy,
                item.doneAt?.rfc3339, item.cancelledBy, item.cancelledAt?.rfc3339,
            ]
            lines.append(fields.map { quoted($0 ?? "") }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
