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

    static func dates() -> DateText { DateText(timeZone: timeZone) }

    /// Tells the user what connecting sent from the offline queue (on standard error).
    static func reportFlush(_ context: ClientContext, _ console: Console) {
        if let error = context.flushError {
            console.note("checkwire: could not send the offline queue: \(error)")
        }
        guard let report = context.flushReport, !report.isEmpty else { return }
        if !report.sent.isEmpty {
            console.note("Sent \(report.sent.count) queued edit\(report.sent.count == 1 ? "" : "s") made offline.")
        }
        for (op, error) in report.refused {
            console.note(
                console.errorPainter.red("A queued edit was refused and dropped: ") + "\(op.summary): \(error)")
        }
    }
}
