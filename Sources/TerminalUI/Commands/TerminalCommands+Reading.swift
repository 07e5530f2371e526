import ChecklistClient
import WireProtocol

/// `lists` and `show`.
extension TerminalCommands {
    public static func lists(server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let lists = try await context.lists()
        reportFlush(context, console)
        let cached = context.offlineReason != nil
        if console.json {
            console.print(
                json: JSONOutput([("lists", .array(lists.map { .object($0.raw) })), ("cached", .bool(cached))]))
            return
        }
        if let reason = context.offlineReason {
            console.note("Offline (\(reason)); these are the lists as of the last connection.")
        }
        let renderer = ListsRenderer(painter: console.painter, dates: dates(), width: console.capabilities.width)
        for line in renderer.render(lists) { console.print(line) }
    }

    public static func show(list reference: String, server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        let (view, cached) = try await context.view(of: list)
        reportFlush(context, console)
        if console.json {
            console.print(json: JSONOutput([("list", view.json), ("cached", .bool(cached))]))
            return
        }
        if let reason = context.offlineReason {
            console.note("Offline (\(reason)); showing the copy from the last connection (seq \(view.seq)).")
        }
        let renderer = ChecklistRenderer(painter: console.painter, dates: dates(), width: console.capabilities.width)
        for line in renderer.render(view) { console.print(line) }
    }
}
