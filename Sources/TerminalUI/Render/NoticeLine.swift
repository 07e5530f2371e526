public import ChecklistClient
import ChecklistCore

/// One line for a reminder or a share, as `watch`, `reminders` and `remind --follow` print it:
/// "⏰ Water the plants — Chores · due Thu Mar 12 17:00 (late)".
public enum NoticeLine {
    /// The terminal bell: `watch` and `remind --follow` ring it with each reminder.
    public static let bell = "\u{7}"

    public static func render(_ notice: Notice, dates: DateText, painter: Painter) -> String {
        switch notice {
        case .reminder(let reminder):
            return render(reminder, dates: dates, painter: painter)
        case .shared(let listTitle, let by, _):
            return painter.cyan("↪ \(by) shared “\(listTitle)” with you")
        }
    }

    /// "⏰ Water the plants — Chores · 14:02 · due Thu Mar 12 17:00 (late)": the time is the
    /// occurrence's (today's as a time, an earlier day's with its date).
    public static func render(_ reminder: ReminderNotice, dates: DateText, painter: Painter) -> String {
        var text = painter.bold("⏰ \(reminder.itemTitle)") + " — \(reminder.listTitle)"
        if let at = Timestamp(rfc3339: reminder.at) { text += painter.dim(" · " + dates.moment(at)) }
        if let due = reminder.due.flatMap(Due.init(wire:)) { text += painter.dim(" · due \(dates.due(due))") }
        if reminder.late { text += painter.yellow(" (late)") }
        return text
    }

    /// "✗ refused: complete “Milk” in “Groceries”: It has 1 open sub-item…": a queued edit the
    /// server said no to when the queue was sent.
    public static func render(_ refusal: RefusedEdit, painter: Painter) -> String {
        painter.red("✗ refused: ") + refusal.summary + ": " + refusal.message
    }
}
