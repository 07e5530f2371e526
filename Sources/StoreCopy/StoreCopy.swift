public import ChecklistStore
import Foundation
public import PostgresStore
import SQLiteStore

/// `checkwire copy-store`: every table of a SQLite database, its server key and its attachment
/// bytes copied into an empty PostgreSQL database, then checked, so that servers on PostgreSQL
/// carry on exactly where the SQLite server stopped (the same events byte for byte, resent
/// opIds answered with their original acks, the same sessions, passwords and signed links).
///
/// Imports both back ends and nothing of the server: rows cross as `CopiedValue`s through
/// each store's narrow copy API (`SQLiteExport`, `PostgresImport`), and each store's own
/// migrations make its schema.
///
/// Refused before anything is written: while a server holds the file, when the target holds
/// any row (or an earlier copy's mark), when the file has a table this build does not know,
/// when an attachment's file is missing. From the first write to the last check the target
/// is marked incomplete and servers refuse it; a copy that fails on the way leaves the mark,
/// and may be run again once the target is emptied.
public struct StoreCopy {
    public var sourcePath: String
    public var attachmentsDirectory: String?
    public var target: PostgresURL
    /// Told as each step begins ("copying events (12000 rows)").
    public var progress: (String) -> Void

    public init(
        sourcePath: String, attachmentsDirectory: String? = nil, target: PostgresURL,
        progress: @escaping (String) -> Void = { _ in }
    ) {
        self.sourcePath = sourcePath
        self.attachmentsDirectory = attachmentsDirectory
        self.target = target
        self.progress = progress
    }

    /// Copies and verifies; throws with a message for people (the target's password masked).
    public func run() throws(StoreError) -> CopySummary {
        let started = Date()
        let source = try SQLiteExport(path: sourcePath, attachmentsDirectory: attachmentsDirectory)
        defer { source.close() }
        let destination = try PostgresImport(url: target)
        defer { destination.close() }
        let tables = try tablesToCopy(source)
        try refuseOccupied(destination)
        let contents = try source.attachmentContents()
        let missing = contents.filter { !source.attachments.contains($0.sha256) }
        guard missing.isEmpty else {
            throw .failure(
                "\(CopySummary.counted(Int64(missing.count), "attachment file")) missing from \(source.attachments.directory) "
                    + "(\(missing.prefix(3).map(\.sha256).joined(separator: ", "))); nothing was copied. "
                    + "Give the folder that holds them with --attachments")
        }
        var summary = CopySummary(source: sourcePath, target: target.description)
        do {
            try destination.start(source: sourcePath)
            for table in tables {
                summary.rows.append((table, try copy(table, from: source, to: destination)))
            }
            if try copyLegacyServerKey(from: source, to: destination),
                let index = summary.rows.firstIndex(where: { $0.table == "server_key" })
            {
                summary.rows[index].count = 1
            }
            progress("copying \(CopySummary.counted(Int64(contents.count), "attachment file"))")
            for content in contents {
                summary.attachmentBytes += try copyAttachment(content, from: source, to: destination)
            }
            summary.attachmentFiles = contents.count
            try verify(&summary, source: source, destination: destination, attachments: contents.count)
            try destination.finish()
        } catch {
            guard destination.isMarked else { throw error }
            throw .failure(
                "\(Self.message(error)). \(target) is left marked as an incomplete copy, which no server starts on: "
                    + "empty it (drop and create the database, or DROP SCHEMA public CASCADE; CREATE SCHEMA public) "
                    + "and run copy-store again")
        }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    /// The file's tables in copy order; throws on a table the plan does not know.
    private func tablesToCopy(_ source: SQLiteExport) throws(StoreError) -> [String] {
        let present = try source.tableNames()
        let unknown = present.filter { !CopyPlan.tables.contains($0) && !CopyPlan.isSkipped($0) }
        guard unknown.isEmpty else {
            throw .failure(
                "\(sourcePath) has tables this Checkwire does not know how to copy (\(unknown.joined(separator: ", "))); "
                    + "nothing was copied: run the Checkwire version that wrote it")
        }
        return CopyPlan.tables.filter(present.contains)
    }

    private func refuseOccupied(_ destination: PostgresImport) throws(StoreError) {
        let occupied = try destination.occupation()
        guard !occupied.isEmpty else { return }
        let empty =
            "copy-store copies only into an empty database: create a new one (createdb), or empty this one "
            + "(drop and create it, or DROP SCHEMA public CASCADE; CREATE SCHEMA public)"
        if occupied == ["checkwire_copy_in_progress"] {
            throw .failure("\(target) holds an earlier copy that did not finish; \(empty)")
        }
        throw .failure(
            "\(target) is not empty (\(occupied.prefix(5).joined(separator: ", "))"
                + (occupied.count > 5 ? " and \(occupied.count - 5) more" : "") + " hold rows); nothing was copied. "
                + empty)
    }

    /// Copies one table in batches, each a transaction of the target; returns its rows.
    private func copy(_ table: String, from source: SQLiteExport, to destination: PostgresImport) throws(StoreError)
        -> Int64
    {
        let skipped = CopyPlan.sourceOnlyColumns[table] ?? []
        let columns = try source.columns(of: table).filter { !skipped.contains($0) }
        let targetColumns = destination.columns(of: table)
        let lacking = columns.filter { !targetColumns.contains($0) }
        guard lacking.isEmpty else {
            throw .failure("\(target) has no column for \(lacking.map { "\(table).\($0)" }.joined(separator: ", "))")
        }
        let count = try source.count(of: table)
        progress("copying \(table) (\(CopySummary.counted(count, "row")))")
        try source.readRows(of: table, columns: columns, order: CopyPlan.order[table], batchSize: CopyPlan.batchSize) {
            (rows) throws(StoreError) in
            try destination.insert(into: table, columns: columns, rows: rows)
        }
        return count
    }

    /// A file no 0.18.0 server has opened keeps its key in `DATABASE.key`: stored in the target.
    /// Returns whether it was.
    private func copyLegacyServerKey(from source: SQLiteExport, to destination: PostgresImport) throws(StoreError)
        -> Bool
    {
        guard try destination.serverKey() == nil, let key = try source.serverKey() else { return false }
        try destination.insert(into: "server_key", columns: ["id", "key"], rows: [[.integer(1), .blob(key)]])
        return true
    }

    /// Reads one stored file, checks its size against the attachments that name it, and
    /// stores its bytes; returns how many.
    private func copyAttachment(
        _ content: (sha256: String, size: Int64), from source: SQLiteExport, to destination: PostgresImport
    ) throws(StoreError) -> Int64 {
        let path = source.attachments.path(of: content.sha256)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .failure("cannot read the attachment file \(path)")
        }
        guard Int64(data.count) == content.size else {
            throw .failure(
                "the attachment file \(path) holds \(data.count) bytes where its attachment says \(content.size)")
        }
        try destination.insertAttachmentBytes(sha256: content.sha256, bytes: Array(data))
        return Int64(data.count)
    }

    /// Row counts per table, the events' bytes, the server key, the attachment contents, and
    /// each checklist's events `1…head` once each.
    private func verify(
        _ summary: inout CopySummary, source: SQLiteExport, destination: PostgresImport, attachments: Int
    ) throws(StoreError) {
        progress("verifying")
        var problems: [String] = []
        for (table, copied) in summary.rows {
            let stored = try destination.count(of: table)
            if stored != copied { problems.append("\(table): \(copied) rows in the file, \(stored) in the copy") }
        }
        let storedFiles = try destination.count(of: "attachment_bytes")
        if storedFiles != Int64(attachments) {
            problems.append("attachment bytes: \(attachments) contents in the file, \(storedFiles) in the copy")
        }
        let sourceBytes = try source.eventBytes()
        summary.eventBytes = try destination.eventBytes()
        if sourceBytes != summary.eventBytes {
            problems.append("events: \(sourceBytes) bytes in the file, \(summary.eventBytes) in the copy")
        }
        let sourceKey = try source.serverKey()
        summary.serverKeyCopied = sourceKey != nil
        if try destination.serverKey() != sourceKey { problems.append("the server key differs") }
        let seqs = try destination.seqMismatches()
        problems += seqs.mismatches
        summary.checklists = seqs.checked
        summary.events = try destination.count(of: "events")
        guard problems.isEmpty else {
            throw .failure("the copy does not match the file: " + problems.joined(separator: "; "))
        }
    }

    /// A store error as one line for people.
    public static func message(_ error: StoreError) -> String {
        switch error {
        case .failure(let message): message
        case .rejected(let rejection): "\(rejection)"
        }
    }
}
