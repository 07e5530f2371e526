public import ChecklistClient
public import ChecklistCore
public import WireProtocol

/// `checkwire show` and the body of `watch`: a header (title, status, due, role,
/// participants, completion) and the item tree with status marks — `[ ]` open, `[x]` done
/// (dimmed), `[-]` cancelled (struck through); in a habit checklist the reader's check-in of
/// the day — everything set on each item (`details`), each parent's own completion, and each
/// item's short id for `done ID`.
public struct ChecklistRenderer {
    public let painter: Painter
    public let dates: DateText
    /// Columns to fit (ids aligned at the right edge); 0 for unlimited.
    public let width: Int
    /// A habit checklist's day for the reader: its date, the checklist's zone and the reader's
    /// check-ins that day by item (`done`, `skipped`). Without it, habits show `↻`, not `[ ]`:
    /// a habit is never "done" as an item, so an empty box would always be a lie.
    public var habitDay: HabitDay?

    public struct HabitDay: Sendable {
        public var date: CivilDate
        public var zone: String
        public var checkIns: [ItemID: String]

        public init(date: CivilDate, zone: String, checkIns: [ItemID: String]) {
            self.date = date
            self.zone = zone
            self.checkIns = checkIns
        }
    }

    public init(painter: Painter, dates: DateText, width: Int, habitDay: HabitDay? = nil) {
        self.painter = painter
        self.dates = dates
        self.width = width
        self.habitDay = habitDay
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
        return rows.map { line($0, habits: view.isHabits) }
    }

    public func render(_ view: ChecklistView) -> [String] {
        header(view) + [""] + items(view)
    }

    func line(_ row: ChecklistView.Row, habits: Bool = false) -> String {
        let item = row.item
        let indent = String(repeating: "    ", count: row.depth)
        var title = item.title
        var mark: String
        switch item.status {
        case .open:
            mark = habits ? habitMark(item) : "[ ]"
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
        parts += details(item, habits: habits)
        if item.status == .done, let by = item.doneBy { parts.append(painter.dim("done by \(by)")) }
        if item.status == .cancelled, let by = item.cancelledBy { parts.append(painter.dim("cancelled by \(by)")) }
        let body = parts.joined(separator: "  ")
        let id = painter.dim(ReferenceResolver.shortID(item.id.rawValue))
        guard width > 0 else { return body + "  " + id }
        let room = width - TextLayout.width(id) - 2
        let clipped = TextLayout.clip(body, to: max(20, room))
        return TextLayout.pad(clipped, to: max(20, room)) + "  " + id
    }

    /// What is set on an item, each in words that cannot be mistaken for another: the due (red
    /// once overdue, earlier today included), `@ place`, `↻ every Monday` (a repeat), `⏰ 1h
    /// before` and `⏰ every 30m` (reminders), `→ bob` (the assignee), `📎 2` (files), and
    /// `(pending)` for an edit still in the offline queue. `show`, `watch`, `today` and `agenda`
    /// print the same.
    public func details(_ item: RemoteItem, habits: Bool = false) -> [String] {
        var parts: [String] = []
        if let due = item.due, !habits {
            let text = "due " + dates.due(due)
            parts.append(item.status == .open && dates.isOverdue(due) ? painter.red(text + " (overdue)") : text)
        }
        if let location = item.location { parts.append("@ " + location) }
        if let rule = item.repeatRule.flatMap({ try? RepeatRule(parsing: $0) }) { parts.append("↻ " + rule.inWords) }
        if let lead = item.remindBefore { parts.append("⏰ " + ReminderWords.before(lead)) }
        if let every = item.remindEvery { parts.append("⏰ " + ReminderWords.every(every)) }
        if let assignee = item.assignee { parts.append("→ " + assignee) }
        if item.attachmentCount > 0 { parts.append("📎 \(item.attachmentCount)") }
        if item.isPending { parts.append(painter.yellow("(pending)")) }
        return parts
    }

    /// A habit's mark for the reader's day: `[x]` done, `[-]` skipped, `[ ]` due and not yet
    /// checked in, ` · ` not due that day, `↻` when the day's check-ins are not known.
    private func habitMark(_ item: RemoteItem) -> String {
        guard let day = habitDay else { return painter.cyan(" ↻ ") }
        switch day.checkIns[item.id] {
        case "done": return painter.green("[x]")
        case "skipped": return painter.dim("[-]")
        default:
            let rule = item.repeatRule.flatMap { try? RepeatRule(parsing: $0) } ?? RepeatRule(frequency: .daily)
            let start = item.due.map { RepeatDue.localDate(of: $0, timeZone: day.zone) } ?? day.date
            return day.date >= start && rule.isOccurrence(day.date, start: start) ? "[ ]" : painter.dim(" · ")
        }
    }
}
