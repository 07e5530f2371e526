import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `sync` and `status`: the offline queue, and the queued edits the server refused.
extension TerminalCommands {
    /// Connects, which sends the queue, and reports what happened to each edit, with the
    /// refusals recorded earlier that nobody has seen yet (sent by a `watch`, say).
    ///
    /// `--json`: `{"sent":[{"opId","op","summary","seq","id"?}],"refused":[REFUSAL],"pending":N}`,
    /// REFUSAL as `status` prints it.
    public static func sync(server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        do {
            _ = try await context.requireSession()
        } catch let error as ClientError where error.isTransient {
            let pending = (try? context.configuration.queue.entries().ops.count) ?? 0
            let reason: String
            if case .unreachable(_, let why) = error { reason = why } else { reason = error.description }
            throw ClientError.unreachable(
                server: context.configuration.server,
                reason: "\(reason); \(pending) edit\(pending == 1 ? "" : "s") still pending")
        }
        if let error = context.flushError { throw error }
        let report = context.flushReport ?? FlushReport()
        let ledger = context.configuration.refusedEdits
        let refused = try ledger.entries()
        defer { try? ledger.markSeen(refused.map(\.opID)) }
        if console.json {
            let sent: [JSONValue] = report.sent.map { op, ack in
                var pairs: [(String, JSONValue)] = [
                    ("opId", .string(op.opID)), ("op", .string(op.kind)), ("summary", .string(op.summary)),
                ]
                pairs.append(("seq", ack.seq.map { .number(JSONNumber($0)) } ?? .null))
                if let id = ack.id { pairs.append(("id", .string(id))) }
                return .object(JSONObject(pairs))
            }
            return console.print(
                json: JSONOutput([
                    ("sent", .array(sent)), ("refused", .array(refused.map(\.json))),
                    ("pending", .number(JSONNumber(Int64(report.remaining)))),
                ]))
        }
        if report.sent.isEmpty && refused.isEmpty && report.remaining == 0 {
            return console.print("Nothing to send: the offline queue is empty.")
        }
        for (op, _) in report.sent { console.print(console.painter.green("sent     ") + op.summary) }
        for refusal in refused { console.print(refusedLine(refusal, painter: console.painter)) }
        var summary = "Sent \(report.sent.count) queued edit\(report.sent.count == 1 ? "" : "s")"
        if !refused.isEmpty { summary += "; \(refused.count) refused (they changed nothing)" }
        if report.remaining > 0 { summary += "; \(report.remaining) still pending" }
        console.print(summary + ".")
    }

    /// "refused  complete “Milk” in “Groceries”: … (Sat 20:17)".
    static func refusedLine(_ refusal: RefusedEdit, painter: Painter) -> String {
        painter.red("refused  ") + refusal.summary + ": " + refusal.message
            + painter.dim("  (sent \(dates().moment(refusal.refusedAt)))")
    }

    /// Who is logged in where (checked with the server when it answers), the edits waiting in
    /// the offline queue, and the queued edits the server refused that were not shown yet
    /// (shown now, they count as seen). Never sends the queue.
    ///
    /// `--json`: `{"server","username","loggedIn","session","pending":[{"opId","op","summary",
    /// "queuedAt","server","username"}],"refused":[REFUSAL],"unreadable":N}`, REFUSAL
    /// `{"opId","op","summary","code","message","server","username","queuedAt","refusedAt"}`,
    /// `session` one of `valid`, `revoked`, `unchecked` (server unreachable), `none`.
    public static func status(server: String?, console: Console) async throws {
        let configuration = try configuration(server: server)
        let (ops, unreadable) = try configuration.queue.entries()
        let refused = try configuration.refusedEdits.entries()
        let session = await SessionCheck.check(configuration)
        defer { try? configuration.refusedEdits.markSeen(refused.map(\.opID)) }
        if console.json {
            let pending: [JSONValue] = ops.map { op in
                .object(
                    JSONObject([
                        ("opId", .string(op.opID)), ("op", .string(op.kind)), ("summary", .string(op.summary)),
                        ("queuedAt", .string(op.queuedAt.rfc3339)), ("server", .string(op.server)),
                        ("username", op.username.map(JSONValue.string) ?? .null),
                    ]))
            }
            return console.print(
                json: JSONOutput([
                    ("server", .string(configuration.server)),
                    ("username", (session.username ?? configuration.username).map(JSONValue.string) ?? .null),
                    ("loggedIn", .bool(session.isLoggedIn)), ("session", .string(session.name)),
                    ("pending", .array(pending)), ("refused", .array(refused.map(\.json))),
                    ("unreadable", .number(JSONNumber(Int64(unreadable)))),
                ]))
        }
        console.print(session.sentence(configuration, painter: console.painter))
        printPending(ops, configuration: configuration, console: console)
        if !refused.isEmpty {
            console.print(
                "\(refused.count) queued edit\(refused.count == 1 ? " was" : "s were") refused by the server and dropped (\(refused.count == 1 ? "it" : "they") changed nothing):"
            )
            for refusal in refused { console.print("  " + refusedLine(refusal, painter: console.painter)) }
        }
        if unreadable > 0 {
            console.note(
                "\(unreadable) line\(unreadable == 1 ? "" : "s") of \(configuration.paths.queueFile.path) could not be read and \(unreadable == 1 ? "is" : "are") kept as they are."
            )
        }
    }

    private static func printPending(_ ops: [QueuedOp], configuration: ClientConfiguration, console: Console) {
        guard !ops.isEmpty else { return console.print("No edits pending.") }
        let painter = console.painter
        console.print(
            "\(ops.count) edit\(ops.count == 1 ? "" : "s") pending (sent on the next connection, or run `checkwire sync`):"
        )
        let dates = dates()
        for op in ops {
            let owner =
                op.server == configuration.server
                ? "" : painter.dim("  for \(op.username ?? "?")@\(ServerAddress.shortName(op.server))")
            console.print("  " + painter.dim(dates.moment(op.queuedAt)) + "  " + op.summary + owner)
        }
    }
}
