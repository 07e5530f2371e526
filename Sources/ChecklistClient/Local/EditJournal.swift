public import ChecklistCore
public import Foundation
public import WireProtocol

/// The terminal's own recent edits, newest last, each with the edit that takes it back: what
/// `checkwire undo` reads (`$XDG_STATE_HOME/checkwire/journal.jsonl`, the last 100).
///
/// Why the inverse is written down when the edit is made: only then does the client know what
/// was there before (the old title, the due before a repeating item moved on, the role before
/// a share). Nothing on the server is deleted by an undo: an added item is cancelled, a tick
/// is reopened, a field gets its old value back, each as a new edit with its own `opId`.
public struct EditJournal: Sendable {
    public static let limit = 100
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    public func record(_ entry: JournalEntry) throws {
        try JSONLinesFile(file: file).update { lines in
            lines.append(entry.json)
            if lines.count > Self.limit { lines.removeFirst(lines.count - Self.limit) }
        }
    }

    /// The entries, oldest first.
    public func entries() throws -> [JournalEntry] {
        try JSONLinesFile(file: file).read().compactMap(JournalEntry.init(json:))
    }

    public func remove(_ opID: String) throws {
        try JSONLinesFile(file: file).update { lines in lines.removeAll { $0.string("opId") == opID } }
    }
}

/// One edit made from this terminal, and how to take it back.
public struct JournalEntry: Sendable {
    /// The edit's own `opId` (to find it in the offline queue, where an undo just drops it).
    public var opID: String
    public var server: String
    public var username: String?
    public var at: Timestamp
    public var summary: String
    public var kind: String
    public var item: ItemID?
    /// For a tick of a repeating item: the occurrence it ticked (its due before the tick).
    public var occurrence: CivilDate?
    /// The edit that takes it back, as the `op` message it is sent as (a fresh `opId` then).
    public var undo: JSONValue?
    public var undoSummary: String?

    public init(
        _ operation: Operation, server: String, username: String?, at: Timestamp, undo: Operation?,
        occurrence: CivilDate? = nil
    ) {
        opID = operation.opID
        self.server = server
        self.username = username
        self.at = at
        summary = operation.summary
        kind = operation.kind
        item = QueuedOp(operation, server: server, username: username, queuedAt: at).message.string("item")
            .map(ItemID.init)
        self.occurrence = occurrence
        self.undo = undo.map { QueuedOp($0, server: server, username: username, queuedAt: at).message }
        undoSummary = undo?.summary
    }

    init?(json: JSONValue) {
        guard let opID = json.string("opId"), let server = json.string("server"), let summary = json.string("summary")
        else { return nil }
        self.opID = opID
        self.server = server
        username = json.string("username")
        at = json.timestamp("at") ?? Timestamp(milliseconds: 0)
        self.summary = summary
        kind = json.string("op") ?? "op"
        item = json.string("item").map(ItemID.init)
        occurrence = json.string("occurrence").flatMap(CivilDate.init(iso:))
        undo = json["undo"].flatMap { $0.objectValue == nil ? nil : $0 }
        undoSummary = json.string("undoSummary")
    }

    var json: JSONValue {
        .object(
            JSONObject([
                ("opId", .string(opID)), ("server", .string(server)),
                ("username", username.map(JSONValue.string) ?? .null), ("at", .string(at.rfc3339)),
                ("summary", .string(summary)), ("op", .string(kind)),
                ("item", item.map { .string($0.rawValue) } ?? .null),
                ("occurrence", occurrence.map { .string($0.description) } ?? .null), ("undo", undo ?? .null),
                ("undoSummary", undoSummary.map(JSONValue.string) ?? .null),
            ]))
    }

    /// The undoing edit with a fresh `opId`, ready to send, or nil when this edit has none.
    public func undoOperation() throws -> Operation? {
        guard case .object(let object)? = undo, let undoSummary else { return nil }
        let opID = NewOpID.make()
        let message = JSONValue.object(object.setting("opId", .string(opID)))
        let queued = QueuedOp(
            opID: opID, server: server, username: username, queuedAt: at, summary: undoSummary, message: message)
        guard case .op(let id, let request) = try queued.request().body else { return nil }
        return Operation(request, summary: undoSummary, opID: id)
    }
}
