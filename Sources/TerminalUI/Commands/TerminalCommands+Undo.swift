import ChecklistClient
import ChecklistCore
import WireProtocol

/// `undo`: takes back the last edit made from this terminal.
extension TerminalCommands {
    /// Takes back the newest edit of the journal (`EditJournal`) made by this user on this
    /// server: an edit still waiting in the offline queue is simply dropped from it; one the
    /// server has is answered by the edit that takes it back (an added item is cancelled, a
    /// tick reopened, fields get their old values), sent or queued like any edit. Each `undo`
    /// takes back one more. The undoing edit is not itself journaled.
    public static func undo(server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let configuration = context.configuration
        let mine = try configuration.journal.entries().filter {
            $0.server == configuration.server
                && ($0.username == nil || $0.username?.lowercased() == configuration.username?.lowercased())
        }
        guard let last = mine.last else {
            throw ClientError.invalidInput("nothing to undo: no edit was made from this terminal on this server")
        }
        if try await dropQueued(last.opID, configuration: configuration) {
            try configuration.journal.remove(last.opID)
            return console.print(
                console.json
                    ? JSONOutput([("ok", true), ("dropped", .string(last.opID)), ("summary", .string(last.summary))])
                        .text
                    : "Took back “\(last.summary)”: it was still waiting in the offline queue and never reached the server."
            )
        }
        guard let operation = try last.undoOperation() else {
            throw ClientError.invalidInput("“\(last.summary)” cannot be undone from the terminal")
        }
        defer { try? configuration.journal.remove(last.opID) }
        try await submit(
            operation, context: context, console: console, done: "Undid “\(last.summary)”: \(operation.summary)",
            journaled: false)
    }

    /// Removes the edit from the offline queue; false when it is not there (it was sent).
    private static func dropQueued(_ opID: String, configuration: ClientConfiguration) async throws -> Bool {
        try await configuration.queue.update { ops in
            guard let index = ops.firstIndex(where: { $0.opID == opID }) else { return false }
            ops.remove(at: index)
            return true
        }
    }
}
