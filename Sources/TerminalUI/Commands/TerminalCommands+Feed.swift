import ChecklistClient
import WireProtocol

/// `feed [LIST] [--rotate]`: the secret calendar URL to subscribe to in a calendar app.
extension TerminalCommands {
    public static func feed(list reference: String?, rotate: Bool, server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let session = try await context.requireSession()
        var list: RemoteSummary?
        if let reference { list = try await context.resolveList(reference) }
        let title = list?.title
        let reply = try await session.connection.request(
            .feed(list: list?.id, rotate: rotate), timeout: session.configuration.requestTimeout)
        if console.json { return console.print(json: JSONOutput(reply: reply.message)) }
        guard case .feed(let feed) = reply.value else { throw ClientError.unexpectedReply("no calendar URL") }
        let painter = console.painter
        let scope = title.map { "“\($0)”" } ?? "all your checklists"
        console.print(
            (rotate ? "New calendar link for \(scope) (the old one no longer works):" : "Calendar link for \(scope):"))
        console.print(feed.url)
        console.print(
            painter.dim(
                "Subscribe to it in your calendar app (Thunderbird: New Calendar → On the Network; Apple Calendar: File → New Calendar Subscription)."
            ))
        console.print(
            painter.dim(
                "Anyone with the link can read these due dates; `checkwire feed --rotate` replaces it. Add ?components=VTODO for tasks instead of events."
            ))
    }
}
