public import ChecklistClient
import ChecklistCore

/// `checkwire show` and the body of `watch`: a header (title, status, due, role,
/// participants, completion) and the item tree with status marks — `[ ]` open, `[x]` done
/// (dimmed), `[-]` cancelled (struck through) — due dates (red when overdue), locations,
/// reminders, each parent's own completion, and each item's short id for `done ID`.
public struct ChecklistRenderer {
    public let painter: Painter
    public let dates: DateText
    /// Columns to fit (ids aligned at the right edge); 0 for unlimited.
    public let width: Int

    public init(painter: Painter, dates: DateText, width: Int) {
        self.painter = painter
        self.dates = dates
        self.width = width
    }

    public func header(_ view: ChecklistView) -> [String] {
        let summary = view.summary
        var title = painter.bold(summary.title)
        if summary.status != .active { title += "  " + painter.yellow("[\(summary.status.rawValue)]") }
        var facts: [String] = []
        if let due = summary.due {
            let text = "due " + dates.due(due)
            facts.append(summary.status == .active && dates.isOverdue(due) ? painter.red(text + " (overdue)") : text)
        }
        if let role = summary.role { facts.append("you: \(role.rawValue)") }
        let others = view.participants.map { "\($0.username) (\($0.role?.rawValue ?? "?"))" }
        facts.append(
            view.participants.count == 1
                ? "1 participant" : "\(view.participants.count) participants: " + others.joined(separator: ", "))
        var lines = [title]
        if let description = summary.description, !description.isEmpty { lines.append(painter.dim(description)) }
        lines.append(facts.joined(separator: " · "))
        let completion = summary.completion
        lines.append(
            CompletionBar.render(completion, width: 20, painter: painter)
                + "  \(completion.done) of \(completion.total) done")
        return lines
    }

    public func items(_ view: ChecklistView) -> [String] {
        let rows = view.rows
        guard !rows.isEmpty else {
            return [painter.dim("No items yet. Add one with `checkwire add \"\(view.title)\" \"TITLE\"`.")]
        }
        return rows.map(line)
    }

    public func render(_ view: ChecklistView) -> [String] {
        header(view) + [""] + items(view)
    }

    func line(_ row: ChecklistView.Row) -> String {
        let item = row.item
        let indent = String(repeating: "    ", count: row.depth)
        var title = item.title
        var mark: String
        switch item.status {
        case .open:
            mark = "[ ]"
        case .done:
            mark = painter.green("[x]")
            title = painter.dim(title)
        case .cancelled:
            mark = painter.dim("[-]")
            title = painter.struck(title)
        }
        var parts = [indent + mark + " " + title]
        if let completion = item.completion {
            parts.append(painter.cyan("\(completion.done)/\(completion.total) \(completion.percent)%"))
        }
        if let due = item.due {
            let text = "due " + dates.due(due)
            parts.append(item.status == .open && dates.isOverdue(due) ? painter.red(text) : text)
        }
        if let location = item.location { parts.append("@ " + location) }
        if let rule = item.repeatRule.flatMap({ try? RepeatRule(parsing: $0) }) { parts.append("↻ " + rule.inWords) }
        if let every = item.remindEvery { parts.append("every " + ReminderInterval.format(every)) }
        if item.status == .done, let by = item.doneBy { parts.append(painter.dim("done by \(by)")) }
        if item.status == .cancelled, let by = item.cancelledBy { parts.append(painter.dim("cancelled by \(by)")) }
        let body = parts.joined(separator: "  ")
        let id = painter.dim(ReferenceResolver.shortID(item.id.rawValue))
        guard width > 0 else { return body + "  " + id }
        let room = width - TextLayout.width(id) - 2
        let clipped = TextLayout.clip(body, to: max(20, room))
        return TextLayout.pad(clipped, to: max(20, room)) + "  " + id
    }
}
