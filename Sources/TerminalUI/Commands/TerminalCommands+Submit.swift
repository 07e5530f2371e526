import ChecklistClient
import ChecklistCore
import WireProtocol

/// Sending one edit and printing what became of it.
extension TerminalCommands {
    /// Sends `operation` (or queues it offline) and prints the outcome: `done` is the
    /// sentence for success ("Added “Milk” to “Groceries”").
    ///
    /// `--json` shape: `{"ok":true,"queued":false,"op":KIND,"opId":…,"list":…,"seq":N,"id":…?}`
    /// (plus any other field of the `ack`, such as quickAdd's `parsed`), or
    /// `{"ok":true,"queued":true,"op":KIND,"opId":…,"summary":…,"pending":N}`.
    /// `facts` are printed under the sentence in text mode ("due  Fri Mar 12 17:00"): what the
    /// edit stored, in the user's words and zone.
    ///
    /// `undo` is the edit that takes this one back (`checkwire undo`), made from the `ack` when
    /// there is one (nil when it was queued); `occurrence`, for a tick of a repeating item, the
    /// day it ticked. Both go to the journal (`EditJournal`).
    @discardableResult
    static func submit(
        _ operation: Operation, context: ClientContext, console: Console, done: String, facts: [(String, String)] = [],
        occurrence: CivilDate? = nil, journaled: Bool = true, undo: (Ack?) -> Operation? = { _ in nil }
    ) async throws -> Ack? {
        let ack = try await submit(
            operation, context: context, console: console, occurrence: occurrence, journaled: journaled, undo: undo,
            describe: { _ in done })
        if !console.json { ItemFacts.print(facts, console: console) }
        return ack
    }

    /// As above, with the success sentence made from the `ack` (quick add names what it created).
    @discardableResult
    static func submit(
        _ operation: Operation, context: ClientContext, console: Console, occurrence: CivilDate? = nil,
        journaled: Bool = true, undo: (Ack?) -> Operation? = { _ in nil }, describe: (Ack) -> String
    ) async throws -> Ack? {
        let outcome = try await context.submit(operation)
        reportFlush(context, console)
        let acknowledged = if case .acknowledged(let ack) = outcome { ack } else { Ack?.none }
        if journaled {
            let entry = JournalEntry(
                operation, server: context.configuration.server, username: context.username, at: Timestamp(now),
                undo: undo(acknowledged), occurrence: occurrence)
            try? context.configuration.journal.record(entry)
        }
        switch outcome {
        case .acknowledged(let ack):
            if console.json {
                var pairs: [(String, JSONValue)] = [
                    ("ok", true), ("queued", false), ("op", .string(operation.kind)), ("opId", .string(operation.opID)),
                ]
                for (key, value) in ack.raw.objectValue?.pairs ?? [] where !["type", "ref", "opId"].contains(key) {
                    pairs.append((key, value))
                }
                console.print(json: JSONOutput(pairs))
            } else {
                var facts: [String] = []
                if let id = ack.id { facts.append("id " + ReferenceResolver.shortID(id)) }
                if let seq = ack.seq { facts.append("seq \(seq)") }
                console.print(
                    describe(ack)
                        + (facts.isEmpty ? "" : console.painter.dim("  (" + facts.joined(separator: ", ") + ")")))
            }
            return ack
        case .queued(let op, let reason):
            let pending = (try? context.configuration.queue.entries().ops.count) ?? 1
            if console.json {
                console.print(
                    json: JSONOutput([
                        ("ok", true), ("queued", true), ("op", .string(operation.kind)), ("opId", .string(op.opID)),
                        ("summary", .string(op.summary)), ("pending", .number(JSONNumber(Int64(pending)))),
                    ]))
            } else {
                console.print(console.painter.yellow("Queued offline: ") + op.summary)
                console.note(
                    "The server is unreachable (\(reason)). \(pending) edit\(pending == 1 ? "" : "s") pending; "
                        + "they are sent the next time checkwire connects, or run `checkwire sync`.")
            }
            return nil
        }
    }
}
