/// What `copy-store` copies from a SQLite file, table by table, and how: the one place that
/// knows both schemas by name. A table the file has and this plan does not know stops the
/// copy before anything is written, so a table added to the schema later is never left behind
/// silently.
enum CopyPlan {
    /// The tables copied, in an order that satisfies the target's foreign keys (users before
    /// what names them, checklists before their participants and items).
    static let tables = [
        "server_key", "users", "sessions", "lists", "participants", "items", "check_ins", "events",
        "reminder_claims", "reminder_deliveries", "reminder_snoozes", "feed_tokens", "attachments", "push_devices",
        "attempts", "email_settings", "search_docs",
    ]

    /// The order rows are read in where the target numbers them as they arrive: events by
    /// checklist and seq (the target's `events.id`), devices and search documents in the order
    /// they were made (devices are listed, and equal search ranks shown, in that order).
    static let order = ["events": "list_id, seq", "push_devices": "rowid", "search_docs": "rowid"]

    /// Columns of the file that have no counterpart because the target keeps the fact its own
    /// way: a search document's rowid (the target numbers documents itself).
    static let sourceOnlyColumns = ["search_docs": Set(["rowid"])]

    /// Tables of the file not copied, and why: FTS5's index over `search_docs` (the target
    /// builds its own, a `tsvector` column, from the copied documents) and GRDB's record of
    /// migrations (the target's schema is made by its own).
    static func isSkipped(_ table: String) -> Bool {
        table == "search_fts" || table.hasPrefix("search_fts_") || table == "grdb_migrations"
    }

    /// Rows per read from the file and per transaction in the target.
    static let batchSize = 500
}
