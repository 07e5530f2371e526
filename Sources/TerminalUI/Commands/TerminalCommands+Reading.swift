import ChecklistClient
import ChecklistCore
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

    /// What `show` narrows the tree to (`--mine`, `--status`, `--from`, `--to`).
    public struct ShowFilter: Sendable {
        public var mine: Bool
        public var status: String?
        public var from: String?
        public var to: String?

        public init(mine: Bool = false, status: String? = nil, from: String? = nil, to: String? = nil) {
            self.mine = mine
            self.status = status
            self.from = from
            self.to = to
        }
    }

    /// The checklist as a tree with everything set on each item; offline, the cached copy with
    /// the edits still queued applied (marked pending). In a habit checklist each habit shows the
    /// reader's check-in of the day. With filters, the items kept and their parents (for where
    /// they sit).
    ///
    /// `--json`: `{"list":LIST,"cached":BOOL}`, LIST as the snapshot's with the items kept.
    public static func show(list reference: String, filter: ShowFilter, server: String?, console: Console)
        async throws
    {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        var (view, cached) = try await context.view(of: list)
        reportFlush(context, console)
        let zone = view.summary.raw["tz"]?.stringValue ?? LocalTimeZone.identifier()
        let itemFilter = try itemFilter(filter, username: context.username)
        if !itemFilter.isEmpty { view = view.keeping { itemFilter.keeps($0, zone: zone) } }
        if console.json {
            return console.print(json: JSONOutput([("list", view.json), ("cached", .bool(cached))]))
        }
        if let reason = context.offlineReason {
            console.note("Offline (\(reason)); showing the copy from the last connection (seq \(view.seq)).")
        }
        var renderer = ChecklistRenderer(painter: console.painter, dates: dates(), width: console.capabilities.width)
        if view.isHabits, let session = try await context.session() {
            renderer.habitDay = try await habitDay(of: view, session: session)
        }
        for line in renderer.render(view) { console.print(line) }
    }

    private static func itemFilter(_ filter: ShowFilter, username: String?) throws -> ItemFilter {
        var itemFilter = ItemFilter(assignee: filter.mine ? username : nil)
        itemFilter.statuses = try filter.status.map(ItemFilter.statuses)
        itemFilter.from = try filter.from.map {
            RepeatDue.localDate(of: try DueInput.due($0, timeZone: timeZone), timeZone: LocalTimeZone.identifier())
        }
        itemFilter.to = try filter.to.map {
            RepeatDue.localDate(of: try DueInput.due($0, timeZone: timeZone), timeZone: LocalTimeZone.identifier())
        }
        return itemFilter
    }

    /// Today in the habit checklist's zone, and the reader's check-ins of it.
    static func habitDay(of view: ChecklistView, session: AuthenticatedSession) async throws
        -> ChecklistRenderer.HabitDay
    {
        let zone = view.summary.timeZone
        let today = RepeatDue.localDate(of: Timestamp(now), timeZone: zone)
        let reply = try await session.connection.request(
            .history(list: view.id, from: today, to: today, username: session.username),
            timeout: session.configuration.requestTimeout)
        var checkIns: [ItemID: String] = [:]
        if case .history(let history) = reply.value {
            for day in history.days where !day.value.isEmpty && day.value != "missed" {
                checkIns[day.itemID] = day.value
            }
        }
        return ChecklistRenderer.HabitDay(date: today, zone: zone, checkIns: checkIns)
    }
}
