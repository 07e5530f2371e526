public import ChecklistCore
public import Foundation
public import WireProtocol

/// Queued edits the server refused when the queue was sent, kept until the user has seen them.
///
/// Why a file: the queue is sent by whichever command connects first, and that may be a `watch`
/// in another window or a `remind --follow` nobody is looking at. A refusal it reports only
/// there would vanish, and `status` would say "no edits pending" as if the edit had gone
/// through. So every refusal is written here (in `$XDG_STATE_HOME/checkwire/refused.jsonl`)
/// before the edit leaves the queue, and stays until it was shown to someone: by `status` or
/// `sync`, or by a command whose standard error is a terminal.
public struct RefusedEdits: Sendable {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    /// Adds refusals (an `opId` already recorded is not recorded twice).
    public func record(_ refusals: [RefusedEdit]) throws {
        guard !refusals.isEmpty else { return }
        try JSONLinesFile(file: file).update { lines in
            let known = Set(lines.compactMap { RefusedEdit(json: $0)?.opID })
            lines += refusals.filter { !known.contains($0.opID) }.map(\.json)
        }
    }

    /// The recorded refusals, oldest first.
    public func entries() throws -> [RefusedEdit] {
        try JSONLinesFile(file: file).read().compactMap(RefusedEdit.init(json:))
    }

    /// Forgets the refusals with these `opId`s: they were shown.
    public func markSeen(_ opIDs: some Sequence<String>) throws {
        let seen = Set(opIDs)
        guard !seen.isEmpty else { return }
        try JSONLinesFile(file: file).update { lines in
            lines.removeAll { RefusedEdit(json: $0).map { seen.contains($0.opID) } ?? false }
        }
    }
}

/// One queued edit the server said no to; it changed nothing.
public struct RefusedEdit: Sendable, Equatable {
    public var opID: String
    /// The op's kind (`completeItem`).
    public var kind: String
    public var summary: String
    public var server: String
    public var username: String?
    /// The wire error code, when the server refused it (nil when the client found it unsendable).
    public var code: String?
    /// In plain words, as the terminal prints it.
    public var message: String
    public var queuedAt: Timestamp
    public var refusedAt: Timestamp

    public init(_ op: QueuedOp, error: ClientError, at refusedAt: Timestamp) {
        opID = op.opID
        kind = op.kind
        summary = op.summary
        server = op.server
        username = op.username
        code = error.serverCode
        message = error.description
        queuedAt = op.queuedAt
        self.refusedAt = refusedAt
    }

    init?(json: JSONValue) {
        guard let opID = json.string("opId"), let summary = json.string("summary"), let message = json.string("message")
        else { return nil }
        self.opID = opID
        kind = json.string("op") ?? "op"
        self.summary = summary
        server = json.string("server") ?? ""
        username = json.string("username")
        code = json.string("code")
        self.message = message
        queuedAt = json.timestamp("queuedAt") ?? Timestamp(milliseconds: 0)
        refusedAt = json.timestamp("refusedAt") ?? Timestamp(milliseconds: 0)
    }

    /// Also the `--json` shape of a refusal (`status`, `sync`, `watch --json`).
    public var json: JSONValue {
        .object(
            JSONObject([
                ("opId", .string(opID)), ("op", .string(kind)), ("summary", .string(summary)),
                ("code", code.map(JSONValue.string) ?? .null), ("message", .string(message)),
                ("server", .string(server)), ("username", username.map(JSONValue.string) ?? .null),
                ("queuedAt", .string(queuedAt.rfc3339)), ("refusedAt", .string(refusedAt.rfc3339)),
            ]))
    }
}
