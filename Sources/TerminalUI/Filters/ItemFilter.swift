public import ChecklistClient
public import ChecklistCore
public import Foundation
public import WireProtocol

/// What `today`, `agenda` and `show` narrow their items to: assigned to me, in given
/// checklists, with a status, due in a date range. An empty filter keeps everything.
public struct ItemFilter: Sendable {
    /// `--mine`: only items assigned to this user.
    public var assignee: String?
    /// `--status`: the statuses kept (nil: the command's default).
    public var statuses: Set<ItemStatus>?
    /// `--from`/`--to`: the local dates the due must fall in (inclusive; either may be open).
    public var from: CivilDate?
    public var to: CivilDate?
    /// `--list`: the checklists kept (nil: all).
    public var lists: Set<ListID>?

    public init(
        assignee: String? = nil, statuses: Set<ItemStatus>? = nil, from: CivilDate? = nil, to: CivilDate? = nil,
        lists: Set<ListID>? = nil
    ) {
        self.assignee = assignee
        self.statuses = statuses
        self.from = from
        self.to = to
        self.lists = lists
    }

    public var isEmpty: Bool { assignee == nil && statuses == nil && from == nil && to == nil && lists == nil }

    /// Whether `item` (of the checklist `list`, whose days are in `zone`) is kept.
    public func keeps(_ item: RemoteItem, list: ListID? = nil, zone: String) -> Bool {
        if let assignee, item.assignee?.lowercased() != assignee.lowercased() { return false }
        if let statuses, !statuses.contains(item.status) { return false }
        if let lists, let list, !lists.contains(list) { return false }
        guard from != nil || to != nil else { return true }
        guard let due = item.due else { return false }
        let day = RepeatDue.localDate(of: due, timeZone: zone)
        return (from.map { day >= $0 } ?? true) && (to.map { day <= $0 } ?? true)
    }

    /// `--status open,done`, `all`: the statuses, or a message naming the ones there are.
    public static func statuses(_ text: String) throws -> Set<ItemStatus> {
        let words = text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        if words == ["all"] { return [.open, .done, .cancelled] }
        let statuses = words.map { ItemStatus(rawValue: $0 == "cancel" ? "cancelled" : $0) }
        guard !words.isEmpty, statuses.allSatisfy({ $0 != nil }) else {
            throw ClientError.invalidInput("--status is open, done, cancelled (several with commas) or all")
        }
        return Set(statuses.compactMap { $0 })
    }
}
