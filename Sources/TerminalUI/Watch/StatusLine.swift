public import ChecklistClient

/// The `watch` status line: connection state, last seq, who is watching where.
public enum StatusLine {
    public static func render(_ update: LiveUpdate, painter: Painter) -> String {
        let seq = update.view.map { "seq \($0.seq)" } ?? "seq –"
        let who = (update.username.map { $0 + "@" } ?? "") + ServerAddress.shortName(update.server)
        let state: String
        switch update.state {
        case .live:
            state = painter.green("● live")
        case .connecting(let attempt):
            state = painter.yellow("◌ connecting" + (attempt > 1 ? " (attempt \(attempt))" : "…"))
        case .waiting(let delay, let attempt, let reason):
            state =
                painter.yellow("○ offline, retrying in \(formatted(delay)) s (attempt \(attempt))")
                + painter.dim(" – " + reason)
        case .ended(let reason):
            state = painter.red("✗ stopped: " + reason)
        }
        return [state, seq, who, "Ctrl-C quits"].joined(separator: painter.dim(" · "))
    }

    /// The state alone, in words, for follow mode's log lines and `--json`.
    public static func name(_ state: LiveState) -> String {
        switch state {
        case .live: "live"
        case .connecting: "connecting"
        case .waiting: "reconnecting"
        case .ended: "stopped"
        }
    }

    static func formatted(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
