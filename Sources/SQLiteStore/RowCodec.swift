import ChecklistCore
import ChecklistStore
import Foundation
import GRDB

/// Turns rows into core values and back. Times are stored as epoch milliseconds, due values
/// in their wire form so a date stays a date.
///
/// What people type (titles, descriptions, notes, locations) may hold a NUL (`\u0000` on the
/// wire), and GRDB passes a `String` to SQLite and back as a C string, which ends there. So
/// that text is bound as its bytes and cast to TEXT in the statement (`whole`,
/// `CAST(? AS TEXT)`), and selected as bytes (`CAST(… AS BLOB)`) and read by length (`text`).
enum RowCodec {
    static func timestamp(_ value: Int64?) -> Timestamp? { value.map(Timestamp.init(milliseconds:)) }

    /// Text to bind whole where the statement says `CAST(? AS TEXT)`: as itself, or as its
    /// bytes when it holds a NUL.
    static func whole(_ text: String?) -> (any DatabaseValueConvertible)? {
        guard let text else { return nil }
        if text.utf8.contains(0) { return Data(text.utf8) }
        return text
    }

    /// The column's text by its byte length (a NUL inside it is kept), or `nil` for NULL. Read
    /// whole from a cursor's row whatever the column; from a row fetched whole (`fetchAll`,
    /// `fetchOne`) only when it was selected as bytes (`CAST(… AS BLOB)`).
    static func text(_ row: Row, _ index: Int) -> String? {
        try? row.withUnsafeData(atIndex: index) { data in data.map(decoded) }
    }

    static func text(_ row: Row, named column: String) -> String? {
        try? row.withUnsafeData(named: column) { data in data.map(decoded) }
    }

    private static func decoded(_ data: Data) -> String {
        data.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The typed-text columns, selected as bytes under their own names (`text` reads them).
    static let wholeTextColumns: Set<String> = ["title", "description", "notes", "location"]

    private static func select(_ columns: [String], of table: String) -> String {
        columns.map { column in
            wholeTextColumns.contains(column) ? "CAST(\(table + column) AS BLOB) AS \(column)" : table + column
        }.joined(separator: ", ")
    }

    /// The list columns `checklist(_:)` reads; `table` qualifies them (`"l."`).
    static func listColumns(of table: String = "") -> String {
        select(
            [
                "id", "title", "description", "due", "status", "owner_id", "created_at", "updated_at",
                "completed_at", "cancelled_at", "status_before_cancel", "seq", "tz", "inbox", "kind", "sequential",
                "goal_days",
            ], of: table)
    }

    static func checklist(_ row: Row) -> Checklist {
        Checklist(
            id: row["id"], title: text(row, named: "title") ?? "", description: text(row, named: "description"),
            due: (row["due"] as String?).flatMap(Due.init(wire:)),
            timeZone: row["tz"] ?? "UTC", isInbox: (row["inbox"] as Int64?) == 1,
            kind: (row["kind"] as String?).flatMap(ChecklistKind.init(rawValue:)) ?? .checklist,
            sequential: (row["sequential"] as Int64?) == 1,
            goalDays: (row["goal_days"] as Int64?).map { Int($0) },
            status: ListStatus(rawValue: row["status"]) ?? .active, ownerID: row["owner_id"],
            createdAt: Timestamp(milliseconds: row["created_at"]),
            updatedAt: Timestamp(milliseconds: row["updated_at"]),
            completedAt: timestamp(row["completed_at"]), cancelledAt: timestamp(row["cancelled_at"]),
            statusBeforeCancel: (row["status_before_cancel"] as String?).flatMap(ListStatus.init(rawValue:)),
            seq: row["seq"]
        )
    }

    static func participant(_ row: Row) -> Participant? {
        guard let role = Role(rawValue: row["role"]) else { return nil }
        return Participant(
            userID: row["user_id"], username: row["username"], role: role, joinedAt: timestamp(row["joined_at"]))
    }

    /// The item columns `item(_:)` reads, in its order; `table` qualifies them (`"i."`).
    ///
    /// Why by position: GRDB finds a column by name case-insensitively, lower-casing the name
    /// on every access. Read by name, the 24 columns of an item cost 17 % of a week's agenda
    /// over 5,000 checklists (`perf`, measured for 0.10.0); by position they cost nothing measurable.
    static func itemColumns(of table: String = "") -> String {
        select(
            [
                "id", "parent", "position", "title", "notes", "due", "location", "remind_every", "remind_every_since",
                "remind_before", "assignee", "repeat_rule", "repeat_start", "sequential", "available_from", "status",
                "created_by", "created_at", "done_by", "done_at", "cancelled_by", "cancelled_at", "cancel_origin",
                "attachments",
            ], of: table)
    }

    /// How many columns `itemColumns` lists: a query's own columns come after them.
    static let itemColumnCount = 24

    /// An item from a row that starts with `itemColumns()`.
    static func item(_ row: Row) -> Item? {
        guard let status = ItemStatus(rawValue: row[15]) else { return nil }
        var item = Item(
            id: row[0], parent: row[1], position: row[2], title: text(row, 3) ?? "",
            notes: text(row, 4), due: (row[5] as String?).flatMap(Due.init(wire:)), location: text(row, 6),
            remindEvery: row[7], remindEverySince: timestamp(row[8]),
            remindBefore: row[9], assignee: row[10],
            repeatRule: (row[11] as String?).flatMap { try? RepeatRule(parsing: $0) },
            repeatStart: (row[12] as String?).flatMap(CivilDate.init(iso:)),
            sequential: (row[13] as Int64?) == 1,
            availableFrom: (row[14] as String?).flatMap(Due.init(wire:)),
            status: status, createdBy: row[16],
            createdAt: Timestamp(milliseconds: row[17]), doneBy: row[18],
            doneAt: timestamp(row[19]), cancelledBy: row[20],
            cancelledAt: timestamp(row[21]),
            cancelOrigin: (row[22] as String?).flatMap(CancelOrigin.init(storageValue:))
        )
        item.attachments = AttachmentColumn.decode(row[23])
        return item
    }

    static func arguments(_ list: Checklist) -> StatementArguments {
        [
            list.id, whole(list.title), whole(list.description), list.due?.description, list.status.rawValue,
            list.ownerID,
            list.createdAt.milliseconds, list.updatedAt.milliseconds, list.completedAt?.milliseconds,
            list.cancelledAt?.milliseconds, list.statusBeforeCancel?.rawValue, list.seq, list.timeZone,
            list.isInbox ? 1 : 0,
            list.kind.rawValue, list.sequential ? 1 : 0, list.goalDays,
        ]
    }

    static func arguments(_ item: Item, in listID: ListID) -> StatementArguments {
        [
            listID, item.id, item.parent, item.position, whole(item.title), whole(item.notes), item.due?.description,
            whole(item.location), item.remindEvery, item.status.rawValue, item.createdBy, item.createdAt.milliseconds,
            item.doneBy, item.doneAt?.milliseconds, item.cancelledBy, item.cancelledAt?.milliseconds,
            item.cancelOrigin?.storageValue, item.remindBefore, item.assignee, item.remindEverySince?.milliseconds,
            item.repeatRule?.rrule, item.repeatStart?.description, item.sequential ? 1 : 0,
            item.availableFrom?.description,
            AttachmentColumn.encode(item.attachments),
        ]
    }

    /// Updates the row in place when the list exists. Every edit writes its list's row (`seq`,
    /// `updated_at`); `INSERT OR REPLACE` deleted and re-inserted it, which also rewrote its
    /// entries in the primary-key index and `lists_by_owner` and looked for rows referring to
    /// it: three pages of every commit's log instead of one (docs/benchmarks.md, "8 KiB pages"). `owner_id` and
    /// `created_at` are set once, when the list is created, and are left out of the update so
    /// that SQLite does not rewrite `lists_by_owner` either.
    static let upsertList = """
        INSERT INTO lists (id, title, description, due, status, owner_id, created_at, updated_at,
            completed_at, cancelled_at, status_before_cancel, seq, tz, inbox, kind, sequential, goal_days)
            VALUES (?, CAST(? AS TEXT), CAST(? AS TEXT), ?,?,?,?,?,?,?,?,?,?,?,?,?,?)
        ON CONFLICT (id) DO UPDATE SET
            title = excluded.title,
            description = excluded.description,
            due = excluded.due,
            status = excluded.status,
            updated_at = excluded.updated_at,
            completed_at = excluded.completed_at,
            cancelled_at = excluded.cancelled_at,
            status_before_cancel = excluded.status_before_cancel,
            seq = excluded.seq,
            tz = excluded.tz,
            inbox = excluded.inbox,
            kind = excluded.kind,
            sequential = excluded.sequential,
            goal_days = excluded.goal_days
        """

    /// Every write of an item row counts a revision and stamps the time (the last argument):
    /// the calendar feed's `SEQUENCE` and `LAST-MODIFIED`.
    static let upsertItem = """
        INSERT INTO items (list_id, id, parent, position, title, notes, due, location, remind_every,
            status, created_by, created_at, done_by, done_at, cancelled_by, cancelled_at, cancel_origin,
            remind_before, assignee, remind_every_since, repeat_rule, repeat_start, sequential, available_from, attachments, modified_at)
            VALUES (?,?,?,?, CAST(? AS TEXT), CAST(? AS TEXT), ?, CAST(? AS TEXT), ?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
        ON CONFLICT (list_id, id) DO UPDATE SET
            parent = excluded.parent,
            position = excluded.position,
            title = excluded.title,
            notes = excluded.notes,
            due = excluded.due,
            location = excluded.location,
            remind_every = excluded.remind_every,
            status = excluded.status,
            created_by = excluded.created_by,
            created_at = excluded.created_at,
            done_by = excluded.done_by,
            done_at = excluded.done_at,
            cancelled_by = excluded.cancelled_by,
            cancelled_at = excluded.cancelled_at,
            cancel_origin = excluded.cancel_origin,
            remind_before = excluded.remind_before,
            assignee = excluded.assignee,
            remind_every_since = excluded.remind_every_since,
            repeat_rule = excluded.repeat_rule,
            repeat_start = excluded.repeat_start,
            sequential = excluded.sequential,
            available_from = excluded.available_from,
            attachments = excluded.attachments,
            revision = items.revision + 1, modified_at = excluded.modified_at
        """
}
