import ChecklistCore
import ChecklistStore

/// Rows to core values and back, in the column order of the statements here. Times are epoch
/// milliseconds and a due value its wire form, as in SQLite, so that a copy between the two
/// stores moves values unchanged.
enum PostgresRows {
    static let listColumns = """
        id, title, description, due, status, owner_id, created_at, updated_at, completed_at, cancelled_at,
        status_before_cancel, seq, tz, inbox, kind, sequential, goal_days
        """
    static let listColumnCount = 17

    static func checklist(_ row: SQLRow, from start: Int = 0) -> Checklist {
        let at = { (offset: Int) in start + offset }
        return Checklist(
            id: row.id(at(0)), title: row.string(at(1)), description: row.text(at(2)),
            due: row.text(at(3)).flatMap(Due.init(wire:)), timeZone: row.text(at(12)) ?? "UTC",
            isInbox: row.bool(at(13)), kind: row.text(at(14)).flatMap(ChecklistKind.init(rawValue:)) ?? .checklist,
            sequential: row.bool(at(15)), goalDays: row.int(at(16)).map { Int($0) },
            status: ListStatus(rawValue: row.string(at(4))) ?? .active, ownerID: row.id(at(5)),
            createdAt: row.time(at(6)) ?? Timestamp(milliseconds: 0),
            updatedAt: row.time(at(7)) ?? Timestamp(milliseconds: 0),
            completedAt: row.time(at(8)), cancelledAt: row.time(at(9)),
            statusBeforeCancel: row.text(at(10)).flatMap(ListStatus.init(rawValue:)), seq: row.int64(at(11)))
    }

    static func listValues(_ list: Checklist) -> [SQLValue] {
        [
            .id(list.id), .text(list.title), .text(list.description), .text(list.due?.description),
            .text(list.status.rawValue), .id(list.ownerID), .time(list.createdAt), .time(list.updatedAt),
            .time(list.completedAt), .time(list.cancelledAt), .text(list.statusBeforeCancel?.rawValue),
            .int(list.seq), .text(list.timeZone), .bool(list.isInbox), .text(list.kind.rawValue),
            .bool(list.sequential), .int(list.goalDays.map(Int64.init)),
        ]
    }

    /// `owner_id` and `created_at` are set when the row is made and never changed.
    static let upsertLists = RowsStatement(
        head: "INSERT INTO lists (\(listColumns)) VALUES",
        tail: """
            ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
                due = EXCLUDED.due, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
                completed_at = EXCLUDED.completed_at, cancelled_at = EXCLUDED.cancelled_at,
                status_before_cancel = EXCLUDED.status_before_cancel, seq = EXCLUDED.seq, tz = EXCLUDED.tz,
                inbox = EXCLUDED.inbox, kind = EXCLUDED.kind, sequential = EXCLUDED.sequential,
                goal_days = EXCLUDED.goal_days
            """,
        columns: listColumnCount)

    static let itemColumnNames = [
        "id", "parent", "position", "title", "notes", "due", "location", "remind_every", "remind_every_since",
        "remind_before", "assignee", "repeat_rule", "repeat_start", "sequential", "available_from", "status",
        "created_by", "created_at", "done_by", "done_at", "cancelled_by", "cancelled_at", "cancel_origin",
        "attachments",
    ]

    /// The item columns `item(_:)` reads, in its order; `table` qualifies them (`"i."`).
    static func itemColumns(of table: String = "") -> String {
        itemColumnNames.map { table + $0 }.joined(separator: ", ")
    }

    static var itemColumnCount: Int { itemColumnNames.count }

    static func item(_ row: SQLRow) -> Item? {
        guard let status = ItemStatus(rawValue: row.string(15)) else { return nil }
        var item = Item(
            id: row.id(0), parent: row.text(1).map(ItemID.init), position: row.real(2), title: row.string(3),
            notes: row.text(4), due: row.text(5).flatMap(Due.init(wire:)), location: row.text(6),
            remindEvery: row.int(7).map { Int($0) }, remindEverySince: row.time(8),
            remindBefore: row.int(9).map { Int($0) }, assignee: row.text(10),
            repeatRule: row.text(11).flatMap { try? RepeatRule(parsing: $0) },
            repeatStart: row.text(12).flatMap(CivilDate.init(iso:)), sequential: row.bool(13),
            availableFrom: row.text(14).flatMap(Due.init(wire:)), status: status, createdBy: row.string(16),
            createdAt: row.time(17) ?? Timestamp(milliseconds: 0), doneBy: row.text(18), doneAt: row.time(19),
            cancelledBy: row.text(20), cancelledAt: row.time(21),
            cancelOrigin: row.text(22).flatMap(CancelOrigin.init(storageValue:)))
        item.attachments = AttachmentColumn.decode(row.text(23))
        return item
    }

    /// The item's columns in `itemColumnNames` order after `list_id`, then `modified_at`.
    static func itemValues(_ item: Item, in listID: ListID, modifiedAt: Timestamp) -> [SQLValue] {
        [
            .id(listID), .id(item.id), .id(item.parent), .real(item.position), .text(item.title), .text(item.notes),
            .text(item.due?.description), .text(item.location), .int(item.remindEvery.map(Int64.init)),
            .time(item.remindEverySince), .int(item.remindBefore.map(Int64.init)), .text(item.assignee),
            .text(item.repeatRule?.rrule), .text(item.repeatStart?.description), .bool(item.sequential),
            .text(item.availableFrom?.description), .text(item.status.rawValue), .text(item.createdBy),
            .time(item.createdAt), .text(item.doneBy), .time(item.doneAt), .text(item.cancelledBy),
            .time(item.cancelledAt), .text(item.cancelOrigin?.storageValue),
            .text(AttachmentColumn.encode(item.attachments)), .time(modifiedAt),
        ]
    }

    /// Every write of an item row counts a revision and stamps the time: the calendar feed's
    /// `SEQUENCE` and `LAST-MODIFIED`.
    static let upsertItems: RowsStatement = {
        let columns = ["list_id"] + itemColumnNames + ["modified_at"]
        let updates = (itemColumnNames.dropFirst() + ["modified_at"]).map { "\($0) = EXCLUDED.\($0)" }
        return RowsStatement(
            head: "INSERT INTO items (\(columns.joined(separator: ", "))) VALUES",
            tail:
                "ON CONFLICT (list_id, id) DO UPDATE SET \(updates.joined(separator: ", ")), revision = items.revision + 1",
            columns: columns.count)
    }()
}
