import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `done`, `reopen`, `cancel`, `restore`: of items, or without one of the list itself.
extension TerminalCommands {
    public enum StatusChange: String, Sendable {
        case complete, reopen, cancel, restore

        func itemEdit(_ item: ItemID) -> Edit {
            switch self {
            case .complete: .completeItem(item)
            case .reopen: .reopenItem(item)
            case .cancel: .cancelItem(item)
            case .restore: .restoreItem(item)
            }
        }

        var listEdit: Edit {
            switch self {
            case .complete: .completeList
            case .reopen: .reopenList
            case .cancel: .cancelList
            case .restore: .restoreList
            }
        }

        /// The change that takes this one back.
        var inverse: StatusChange {
            switch self {
            case .complete: .reopen
            case .reopen: .complete
            case .cancel: .restore
            case .restore: .cancel
            }
        }

        var pastTense: String {
            switch self {
            case .complete: "Completed"
            case .reopen: "Reopened"
            case .cancel: "Cancelled"
            case .restore: "Restored"
            }
        }

        /// Which of several items with the same title the user most likely means: the
        /// one this change applies to (`done` an open one, `restore` a cancelled one).
        func prefers(_ item: RemoteItem) -> Bool {
            switch self {
            case .complete: item.status == .open
            case .reopen: item.status == .done
            case .cancel: item.status != .cancelled
            case .restore: item.status == .cancelled
            }
        }
    }

    /// Changes the status of each item named (in order, one edit each), or of the list when
    /// none is. `--json` prints one result object per edit, one per line.
    ///
    /// `done` on a repeating item ticks its current occurrence and prints the next due; when an
    /// occurrence from today on was ticked from here already (a second `done`), the next one is
    /// ticked only with `early`, so an occurrence is never skipped silently.
    public static func changeStatus(
        _ change: StatusChange, list reference: String, items itemReferences: [String], early: Bool = false,
        server: String?, console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        guard !itemReferences.isEmpty else {
            try await submit(
                .listStatus(change.listEdit, list: list.id, listTitle: list.title), context: context, console: console,
                done: "\(change.pastTense) the list “\(list.title)”",
                undo: { _ in .listStatus(change.inverse.listEdit, list: list.id, listTitle: list.title) })
            return
        }
        let (view, _) = try await context.view(of: list)
        let items = try itemReferences.map { try context.resolveItem($0, in: view, preferring: change.prefers) }
        for item in items {
            try checkStatusChange(change, of: item, in: view, early: early, journal: context.configuration.journal)
            let ticked = change == .complete && item.repeatRule != nil ? item.due : nil
            let zone = view.summary.timeZone
            let ack = try await submit(
                .itemStatus(change.itemEdit(item.id), list: list.id, itemTitle: item.title, listTitle: list.title),
                context: context, console: console, done: "\(change.pastTense) “\(item.title)” in “\(list.title)”",
                occurrence: ticked.map { RepeatDue.localDate(of: $0, timeZone: zone) },
                undo: { _ in undoStatus(change, of: item, ticked: ticked, in: list) })
            if ticked != nil, ack != nil, !console.json {
                try await printNextOccurrence(of: item, in: list, context: context, console: console)
            }
        }
    }

    /// Takes a status change back; a tick of a repeating item is taken back by moving its due
    /// back to the occurrence it ticked (it never left the open state).
    private static func undoStatus(_ change: StatusChange, of item: RemoteItem, ticked: Due?, in list: RemoteSummary)
        -> ChecklistClient.Operation
    {
        if let ticked {
            return .updateItem(
                list: list.id, item: item.id, changes: Edit.ItemUpdate(due: .set(ticked)), itemTitle: item.title,
                listTitle: list.title)
        }
        return .itemStatus(
            change.inverse.itemEdit(item.id), list: list.id, itemTitle: item.title, listTitle: list.title)
    }

    /// Refuses, in words, what the server would refuse or what would surprise: a habit ticked
    /// as an item, a repeating item ticked twice ahead of its days without `--early`.
    private static func checkStatusChange(
        _ change: StatusChange, of item: RemoteItem, in view: ChecklistView, early: Bool, journal: EditJournal
    ) throws {
        if view.isHabits, change == .complete || change == .reopen {
            throw ClientError.invalidInput(
                "“\(item.title)” is a habit: each person checks in for themselves, with "
                    + "`checkwire checkin \"\(view.title)\" \"\(item.title)\"` (`--undo` takes it back)")
        }
        guard change == .complete, !early, item.repeatRule != nil, let due = item.due else { return }
        let zone = view.summary.timeZone
        let today = RepeatDue.localDate(of: Timestamp(now), timeZone: zone)
        guard RepeatDue.localDate(of: due, timeZone: zone) > today else { return }
        // Ticked ahead already from here (an occurrence from today on): a second tick would
        // skip the next one too.
        let ahead = ((try? journal.entries()) ?? []).last {
            $0.item == item.id && $0.kind == "completeItem" && ($0.occurrence.map { $0 >= today } ?? false)
        }
        guard let ahead, let done = ahead.occurrence else { return }
        throw ClientError.invalidInput(
            "“\(item.title)” was ticked for \(dates().due(.date(done))) already; its next occurrence is "
                + "\(dates().due(due)), and ticking it now would tick that one ahead of time. "
                + "If that is what you mean: checkwire done \"\(view.title)\" \"\(item.title)\" --early")
    }

    /// "Next due Thu Dec 3": the repeating item's due after the tick, read back from the server.
    private static func printNextOccurrence(
        of item: RemoteItem, in list: RemoteSummary, context: ClientContext, console: Console
    ) async throws {
        let (after, _) = try await context.view(of: list)
        guard let ticked = item.due, let next = after.items[item.id]?.due else { return }
        console.print(
            "  " + console.painter.dim("done for ") + dates().due(ticked) + console.painter.dim("; next due ")
                + dates().due(next))
    }
}
