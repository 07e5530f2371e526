public import ChecklistClient
import ChecklistCore
import WireProtocol
public import Foundation

/// `watch --follow` (and `watch` when stdout is not a terminal): prints the checklist once,
/// then one line per change and per connection change, like `tail -f`.
// @unchecked Sendable: `printedView` and `lastState` are only touched by `show`, which the
// live list calls on its one serial queue.
public final class FollowPrinter: WatchOutput, @unchecked Sendable {
    private let console: Console
    private let timeZone: TimeZone
    private var printedView = false
    private var lastState: String?
    private var wentOffline = false

    public init(console: Console, timeZone: TimeZone) {
        self.console = console
        self.timeZone = timeZone
    }

    public func show(_ update: LiveUpdate) {
        let dates = DateText(timeZone: timeZone)
        let painter = console.painter
        switch update.cause {
        case .snapshot:
            guard let view = update.view, !printedView else { break }
            printedView = true
            let renderer = ChecklistRenderer(painter: painter, dates: dates, width: console.capabilities.width)
            for line in renderer.render(view) { console.print(line) }
            console.print(painter.dim("— watching for changes (Ctrl-C to stop) —"))
        case .event(_, let change):
            console.print(
                ChangeLine.render(change, dates: dates, painter: painter) + painter.dim("  [seq \(change.seq)]"))
        case .notice(let notice):
            let bell = if case .reminder = notice { NoticeLine.bell } else { "" }
            console.print(bell + NoticeLine.render(notice, dates: dates, painter: painter))
        case .reminderHandled(let raw):
            let title = update.view?.items[ItemID(raw["item"]?.stringValue ?? "")]?.title ?? "an item"
            let how =
                raw["type"]?.stringValue == "reminderSnoozed"
                ? "snoozed until "
                    + (raw["until"]?.stringValue.flatMap(Timestamp.init(rfc3339:)).map { dates.due(.dateTime($0)) }
                        ?? "later")
                : "dismissed"
            console.print(painter.dim("· reminder of “\(title)” \(how)"))
        case .queueSent(let sent, let refused):
            if sent > 0 {
                console.print(painter.green("· sent \(sent) queued edit\(sent == 1 ? "" : "s") made offline"))
            }
            for refusal in refused { console.print(NoticeLine.bell + NoticeLine.render(refusal, painter: painter)) }
        case .state:
            let name = StatusLine.name(update.state)
            guard name != lastState else { break }
            lastState = name
            switch update.state {
            case .live where wentOffline:
                wentOffline = false
                console.print(painter.green("· live again at seq \(update.view?.seq ?? 0)"))
            case .waiting(let delay, _, let reason):
                wentOffline = true
                console.print(painter.yellow("· offline (\(reason)); retrying in \(StatusLine.formatted(delay)) s"))
            case .ended(let reason):
                console.print(painter.red("· stopped: \(reason)"))
            default:
                break
            }
        }
    }

    public func finish() {}
}
