import ChecklistClient
import ChecklistCore

/// `done`, `reopen`, `cancel`, `restore`: of an item, or without one of the list itself.
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

    public static func changeStatus(
        _ change: StatusChange, list reference: String, item itemReference: String?, server: String?, console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        guard let itemReference else {
            try await submit(
                .listStatus(change.listEdit, list: list.id, listTitle: list.title), context: context, console: console,
                done: "\(change.pastTense) the list “\(list.title)”")
            return
        }
        let (view, _) = try await context.view(of: list)
        let item = try context.resolveItem(itemReference, in: view, preferring: change.prefers)
        if view.isHabits, change == .complete || change == .reopen {
            throw ClientError.invalidInput(
                "“\(item.title)” is a habit: each person checks in for themselves, with "
                    + "`checkwire checkin \"\(list.title)\" \"\(item.title)\"` (`--undo` takes it back)")
        }
        try await submit(
            .itemStatus(change.itemEdit(item.id), list: list.id, itemTitle: item.title, listTitle: list.title),
            context: context, console: console,
            done: "\(change.pastTense) “\(item.title)” in “\(list.title)”")
    }
}
