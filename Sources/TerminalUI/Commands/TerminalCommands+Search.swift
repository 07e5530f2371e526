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
        let results = reply.message["results"]?.arrayValue ?? []
        guard !results.isEmpty else { return console.print("Nothing matches “\(text)”.") }
        let painter = console.painter
        for hit in results {
            let list = hit["listTitle"]?.stringValue ?? "?"
            let cancelled =
                hit["item"]?["status"]?.stringValue == "cancelled" || hit["listStatus"]?.stringValue == "cancelled"
            let title =
                hit["item"]?["title"]?.stringValue.map { "\($0)" + painter.dim("  — \(list)") } ?? painter.bold(list)
                + painter.dim("  (checklist)")
            console.print((cancelled ? painter.dim("[cancelled] ") : "") + title)
            if let snippet = hit["snippet"]?.stringValue { console.print("    " + painter.dim(snippet)) }
        }
    }
}
