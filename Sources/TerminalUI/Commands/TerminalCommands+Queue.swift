import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `sync` and `status`: the offline queue.
extension TerminalCommands {
    /// Connects, which sends the queue, and reports what happened to each edit.
    ///
    /// `--json`: `{"sent":[{"opId","summary","seq","id"?}],"refused":[{"opId","summary","code","message"}],"pending":N}`.
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
        if console.json {
            let sent: [JSONValue] = report.sent.map { op, ack in
                var pairs: [(String, JSONValue)] = [
                    ("opId", .string(op.opID)), ("op", .string(op.kind)), ("summary", .string(op.summary)),
                ]
                pairs.append(("seq", ack.seq.map { .number(JSONNumber($0)) } ?? .null))
                if let id = ack.id { pairs.append(("id", .string(id))) }
                return .object(JSONObject(pairs))
            }
            let refused: [JSONValue] = report.refused.map { op, error in
                .object(
                    JSONObject([
                        ("opId", .string(op.opID)), ("op", .string(op.kind)), ("summary", .string(op.summary)),
                        ("code", error.serverCode.map(JSONValue.string) ?? .null),
                        ("message", .string(error.description)),
                    ]))
            }
            console.print(
                json: JSONOutput([
                    ("sent", .array(sent)), ("refused", .array(refused)),
                    ("pending", .number(JSONNumber(Int64(report.remaining)))),
                ]))
            return
        }
        if report.isEmpty && report.remaining == 0 {
            console.print("Nothing to send: the offline queue is empty.")
            return
        }
        for (op, _) in report.sent { console.print(console.painter.green("sent     ") + op.summary) }
        for (op, error) in report.refused {
            console.print(console.painter.red("refused  ") + op.summary + ": " + error.description)
        }
        var summary = "Sent \(report.sent.count) queued edit\(report.sent.count == 1 ? "" : "s")"
        if !report.refused.isEmpty { summary += "; \(report.refused.count) refused (they changed nothing)" }
        if report.remaining > 0 { summary += "; \(report.remaining) still pending" }
        console.print(summary + ".")
    }

    /// Who is logged in where, and the edits waiting in the offline queue. Never connects.
    ///
    /// `--json`: `{"server","username","loggedIn","pending":[{"opId","op","summary","queuedAt","server","username"}],"unreadable":N}`.
    public static func status(server: String?, console: Console) async throws {
        let configuration = try configuration(server: server)
        let (ops, unreadable) = try configuration.queue.entries()
        if console.json {
            let pending: [JSONValue] = ops.map { op in
                .object(
                    JSONObject([
                        ("opId", .string(op.opID)), ("op", .string(op.kind)), ("summary", .string(op.summary)),
                        ("queuedAt", .string(op.queuedAt.rfc3339)), ("server", .string(op.server)),
                        ("username", op.username.map(JSONValue.string) ?? .null),
                    ]))
            }
            console.print(
                json: JSONOutput([
                    ("server", .string(configuration.server)),
                    ("username", configuration.username.map(JSONValue.string) ?? .null),
                    ("loggedIn", .bool(configuration.token != nil)), ("pending", .array(pending)),
                    ("unreadable", .number(JSONNumber(Int64(unreadable)))),
                ]))
            return
        }
        let painter = console.painter
        let place = ServerAddress.shortName(configuration.server)
        if configuration.token == nil {
            console.print("Not logged in to \(place).")
        } else {
            console.print(
                "Logged in" + (configuration.username.map { " as " + painter.bold($0) } ?? " with CHECKWIRE_TOKEN")
                    + " on \(place).")
        }
        if ops.isEmpty {
            console.print("No edits pending.")
        } else {
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
        if unreadable > 0 {
            console.note(
                "\(unreadable) line\(unreadable == 1 ? "" : "s") of \(configuration.paths.queueFile.path) could not be read and \(unreadable == 1 ? "is" : "are") kept as they are."
            )
        }
    }
}
