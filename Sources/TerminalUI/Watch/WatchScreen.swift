public import ChecklistClient

/// Composes one frame of the live `watch` screen: the checklist (header and tree), the last
/// few changes as "who did what, when", and the status line at the bottom.
///
/// It is a pure function of the update and the screen size, so tests can check frames
/// without a terminal; `ScreenPresenter` only writes them.
public struct WatchScreen {
    public static let recentChanges = 5

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

    public func frame(_ update: LiveUpdate) -> [String] {
        let renderer = ChecklistRenderer(painter: painter, dates: dates, width: width)
        var top: [String] = []
        var items: [String] = []
        if let view = update.view {
            top = renderer.header(view) + [""]
            items = renderer.items(view)
        } else {
            top = [painter.dim("Waiting for the checklist…")]
        }
        var bottom = [""]
        let recent = update.changes.suffix(Self.recentChanges).reversed()
        bottom.append(painter.bold("Recent changes"))
        if recent.isEmpty { bottom.append(painter.dim("  none yet — edits made anywhere appear here")) }
        for change in recent { bottom.append("  " + ChangeLine.render(change, dates: dates, painter: painter)) }
        if !update.refused.isEmpty {
            bottom.append("")
            bottom.append(
                painter.red(painter.bold("Refused offline edits"))
                    + painter.dim("  (they changed nothing; `checkwire status` lists them)"))
            for refusal in update.refused.suffix(3) {
                bottom.append("  " + NoticeLine.render(refusal, painter: painter))
            }
        }
        if !update.notices.isEmpty {
            bottom.append("")
            bottom.append(painter.bold("Reminders and shares"))
            for notice in update.notices.reversed() {
                bottom.append("  " + NoticeLine.render(notice, dates: dates, painter: painter))
            }
        }
        bottom.append("")
        let status = StatusLine.render(update, painter: painter)
        let room = max(1, height - top.count - bottom.count - 1)
        if items.count > room {
            let hidden = items.count - room + 1
            items =
                Array(items.prefix(room - 1)) + [
                    painter.dim("  … \(hidden) more items (enlarge the window or use `checkwire show`)")
                ]
        }
        var lines = top + items + bottom
        // The status line sits on the last row, where the eye looks for it.
        if height > 0 && lines.count < height - 1 { lines += Array(repeating: "", count: height - 1 - lines.count) }
        lines.append(status)
        return lines.map { width > 0 ? TextLayout.clip($0, to: width) : $0 }
    }
}
