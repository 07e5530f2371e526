public import ChecklistClient

/// Composes one frame of the live `watch` screen: the checklist (header and tree, with the
/// selected item highlighted), the last few changes as "who did what, when", the reminders
/// still to act on (with their times, and "+N more" past what fits), the keys, a line of
/// feedback, and the status line at the bottom.
///
/// It is a pure function of the update, the selection and the screen size, so tests can check
/// frames without a terminal; `ScreenPresenter` only writes them.
public struct WatchScreen {
    public static let recentChanges = 5
    public static let reminderLines = 5

    public let painter: Painter
    public let dates: DateText
    public let width: Int
    public let height: Int

    public init(painter: Painter, dates: DateText, width: Int, height: Int) {
        self.painter = painter
        self.dates = dates
        self.width = width
        self.height = height
    }

    /// - Parameters:
    ///   - selection: the selected item (nil: not interactive, no highlight and no keys line).
    ///   - message: what the last key did ("Ticked “Milk”"), shown above the status line.
    public func frame(_ update: LiveUpdate, selection: WatchSelection? = nil, message: String? = nil) -> [String] {
        // Interactive: one column for the selection mark, so every row keeps its alignment.
        let marks = selection != nil
        let renderer = ChecklistRenderer(painter: painter, dates: dates, width: marks && width > 0 ? width - 1 : width)
        var top: [String] = []
        var items: [String] = []
        var selected: Int?
        if let view = update.view {
            top = renderer.header(view) + [""]
            items = renderer.items(view).map { marks ? " " + $0 : $0 }
            if let selection, let index = selection.index(in: view.rows) {
                selected = index
                items[index] = "›" + painter.inverse(String(items[index].dropFirst()))
            }
        } else {
            top = [painter.dim("Waiting for the checklist…")]
        }
        var bottom = changes(update) + reminders(update) + refusals(update) + [""]
        if selection != nil { bottom.append(painter.dim(WatchKey.hint)) }
        if let message { bottom.append(message) }
        let room = max(1, height - top.count - bottom.count - 1)
        items = fit(items, room: room, keeping: selected)
        var lines = top + items + bottom
        // The status line sits on the last row, where the eye looks for it.
        if height > 0 && lines.count < height - 1 { lines += Array(repeating: "", count: height - 1 - lines.count) }
        lines.append(StatusLine.render(update, painter: painter))
        return lines.map { width > 0 ? TextLayout.clip($0, to: width) : $0 }
    }

    private func changes(_ update: LiveUpdate) -> [String] {
        var lines = ["", painter.bold("Recent changes")]
        let recent = update.changes.suffix(Self.recentChanges).reversed()
        if recent.isEmpty { lines.append(painter.dim("  none yet — edits made anywhere appear here")) }
        for change in recent { lines.append("  " + ChangeLine.render(change, dates: dates, painter: painter)) }
        return lines
    }

    /// Newest first, at most `reminderLines`, then "+N more".
    private func reminders(_ update: LiveUpdate) -> [String] {
        guard !update.notices.isEmpty else { return [] }
        var lines = ["", painter.bold("Reminders and shares")]
        let newest = Array(update.notices.reversed())
        for notice in newest.prefix(Self.reminderLines) {
            lines.append("  " + NoticeLine.render(notice, dates: dates, painter: painter))
        }
        if newest.count > Self.reminderLines {
            lines.append(painter.dim("  +\(newest.count - Self.reminderLines) more (`checkwire reminders` lists them)"))
        }
        return lines
    }

    private func refusals(_ update: LiveUpdate) -> [String] {
        guard !update.refused.isEmpty else { return [] }
        return [
            "",
            painter.red(painter.bold("Refused offline edits"))
                + painter.dim("  (they changed nothing; `checkwire status` lists them)"),
        ]
            + update.refused.suffix(3).map { "  " + NoticeLine.render($0, painter: painter) }
    }

    /// The rows that fit in `room`, scrolled so the selected one shows, with a line saying how
    /// many are hidden.
    private func fit(_ items: [String], room: Int, keeping selected: Int?) -> [String] {
        guard items.count > room else { return items }
        let shown = max(1, room - 1)
        let start = selected.map { min(max(0, $0 - shown / 2), items.count - shown) } ?? 0
        let hidden = items.count - shown
        return Array(items[start..<(start + shown)])
            + [painter.dim("  … \(hidden) more items (↑↓ scrolls, or `checkwire show` lists them all)")]
    }
}
