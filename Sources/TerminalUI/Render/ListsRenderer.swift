public import ChecklistClient
import ChecklistCore
public import WireProtocol

/// `checkwire lists`: the checklists in three sections — In Progress (soonest due first,
/// undated last), Completed and Cancelled (each newest first) — with a completion bar, the
/// percentage, the due date, the user's role and the participant count.
///
/// The server already sends lists in this view order; the renderer only splits them, so
/// the terminal and the web client can never disagree about the order.
public struct ListsRenderer {
    public let painter: Painter
    public let dates: DateText
    public let width: Int

    public init(painter: Painter, dates: DateText, width: Int) {
        self.painter = painter
        self.dates = dates
        self.width = width
    }

    public func render(_ lists: [RemoteSummary]) -> [String] {
        guard !lists.isEmpty else {
            return ["No checklists yet. Create one with `checkwire new \"TITLE\"`, or ask someone to share theirs."]
        }
        let sections: [(String, ListStatus)] = [
            ("In Progress", .active), ("Completed", .completed), ("Cancelled", .cancelled),
        ]
        let longest = max(12, lists.map { $0.title.count }.max() ?? 0)
        let titleWidth = width > 0 ? min(longest, max(16, width - 84)) : longest
        var lines: [String] = []
        for (name, status) in sections {
            let members = lists.filter { $0.status == status }
            guard !members.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(painter.bold(name) + painter.dim(" (\(members.count))"))
            for list in members { lines.append(row(list, titleWidth: titleWidth)) }
        }
        return lines
    }

    private func row(_ list: RemoteSummary, titleWidth: Int) -> String {
        var title = TextLayout.truncate(list.title, to: titleWidth)
        title =
            list.status == .cancelled ? painter.struck(title) : list.status == .completed ? painter.dim(title) : title
        let counts = "\(list.completion.done)/\(list.completion.total)"
        var due = ""
        if let value = list.due {
            due = "due " + dates.due(value)
            if list.status == .active && dates.isOverdue(value) { due = painter.red(due) }
        } else if let closed = list.closedAt {
            due = (list.status == .completed ? "done " : "cancelled ") + dates.moment(closed)
            due = painter.dim(due)
        }
        let role = list.role?.rawValue ?? ""
        let people = list.participantCount.map { $0 == 1 ? "1 person" : "\($0) people" } ?? ""
        return "  " + TextLayout.pad(title, to: titleWidth) + "  "
            + CompletionBar.render(list.completion, painter: painter) + "  " + TextLayout.pad(counts, to: 7)
            + TextLayout.pad(due, to: 24) + TextLayout.pad(role, to: 8) + TextLayout.pad(people, to: 11)
            + painter.dim(ReferenceResolver.shortID(list.id.rawValue))
    }
}
