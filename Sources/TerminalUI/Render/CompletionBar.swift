public import ChecklistCore

/// `██████░░░░  60%` on a terminal, `[######----]  60%` in plain text.
public enum CompletionBar {
    public static func render(_ completion: Completion, width: Int = 10, painter: Painter) -> String {
        let filled = completion.total == 0 ? 0 : min(width, completion.done * width / completion.total)
        let percent = String(completion.percent)
        let label = String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%"
        if painter.unicode {
            let done = String(repeating: "█", count: filled)
            let rest = String(repeating: "░", count: width - filled)
            let bar = completion.percent == 100 ? painter.green(done) : painter.cyan(done)
            return bar + painter.dim(rest) + " " + label
        }
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            + label
    }
}
