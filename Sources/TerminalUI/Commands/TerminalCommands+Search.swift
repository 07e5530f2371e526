import ChecklistClient
import WireProtocol

/// `search TEXT`: words over every checklist you read, best match first.
extension TerminalCommands {
    public static func search(_ text: String, limit: Int, server: String?, console: Console) async throws {
        guard (1...100).contains(limit) else { throw ClientError.invalidInput("--limit must be from 1 to 100") }
        let context = try context(server: server)
        defer { context.close() }
        let session = try await context.requireSession()
        let reply = try await session.connection.request(
            .search(query: text, limit: limit), timeout: session.configuration.requestTimeout)
        if console.json { return console.print(json: JSONOutput(reply: reply.message)) }
        guard case .search(let search) = reply.value else { throw ClientError.unexpectedReply("not search results") }
        guard !search.results.isEmpty else { return console.print("Nothing matches “\(text)”.") }
        let painter = console.painter
        for hit in search.results {
            let title =
                hit.item.map { $0.title + painter.dim("  — \(hit.listTitle)") } ?? painter.bold(hit.listTitle)
                + painter.dim("  (checklist)")
            console.print((hit.isCancelled ? painter.dim("[cancelled] ") : "") + title)
            if !hit.snippet.isEmpty { console.print("    " + painter.dim(hit.snippet)) }
        }
    }
}
