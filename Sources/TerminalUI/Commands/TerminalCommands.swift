import ChecklistClient
import Foundation

/// The terminal client's commands, one static function each, called by the thin
/// subcommands of the `checkwire` executable after they parse their arguments.
///
/// Each resolves names with `ClientContext`, sends the edit (or queues it offline),
/// and prints the outcome as text or, with `--json`, as one JSON object.
public enum TerminalCommands {
    /// The configuration for `--server` (or its environment and saved fallbacks).
    static func configuration(server: String?) throws -> ClientConfiguration {
        try ClientConfiguration.resolve(server: server)
    }

    static func context(server: String?) throws -> ClientContext {
        ClientContext(configuration: try configuration(server: server))
    }

    static var timeZone: TimeZone { LocalTimeZone.current() }

    /// The client's clock (`ClientClock`: the system's, or `CHECKWIRE_NOW`).
    static var now: Date { ClientClock.now() }

    static func dates() -> DateText { DateText(timeZone: timeZone, now: now) }

    /// Tells the user what connecting sent from the offline queue (on standard error), and any
    /// queued edit refused earlier that nobody has seen yet (a `watch` in another window sent
    /// it). A refusal shown on a terminal counts as seen; one written where nobody may be
    /// reading (a redirect, a script) stays for `status` to show.
    static func reportFlush(_ context: ClientContext, _ console: Console) {
        if let error = context.flushError {
            console.note("checkwire: could not send the offline queue: \(error)")
        }
        reportFlush(context.flushReport ?? FlushReport(), configuration: context.configuration, console: console)
    }

    /// As above, for a command that sent the queue on its own session (`login`, `remind --follow`).
    static func reportFlush(_ report: FlushReport, configuration: ClientConfiguration, console: Console) {
        if !report.sent.isEmpty {
            console.note("Sent \(report.sent.count) queued edit\(report.sent.count == 1 ? "" : "s") made offline.")
        }
        let ledger = configuration.refusedEdits
        let now = report.refused.map(\.op.opID)
        let earlier = console.errorIsTerminal ? ((try? ledger.entries()) ?? []).filter { !now.contains($0.opID) } : []
        for (op, error) in report.refused {
            console.note(
                console.errorPainter.red("A queued edit was refused and dropped: ") + "\(op.summary): \(error)")
        }
        for refusal in earlier {
            console.note(
                console.errorPainter.red("A queued edit was refused earlier and dropped: ")
                    + "\(refusal.summary): \(refusal.message)")
        }
        if console.errorIsTerminal { try? ledger.markSeen(now + earlier.map(\.opID)) }
    }
}
