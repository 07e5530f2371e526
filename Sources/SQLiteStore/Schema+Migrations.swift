import GRDB

/// Each version's migration (`Schema.migrator`), named by what it adds. `done` holds the names
/// of the old migrations (`v1` … `v13`) the file already records: their statements are not run
/// again.
extension Schema {
    /// The first schema: users and their sessions, checklists with their participants and
    /// items, the event log and the ops applied.
    static func firstSchema(_ db: Database, done: Set<String>) throws {
        if !done.contains("v1") {
            try db.execute(
                sql: """
                    CREATE TABLE users (
                        id TEXT PRIMARY KEY NOT NULL,
                        username TEXT NOT NULL,
                        username_key TEXT NOT NULL UNIQUE,
                        password_hash TEXT NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE TABLE sessions (
                        token_hash BLOB PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id),
                        created_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE lists (
                        id TEXT PRIMARY KEY NOT NULL,
                        title TEXT NOT NULL,
                        description TEXT,
                        due TEXT,
                        status TEXT NOT NULL,
                        owner_id TEXT NOT NULL REFERENCES users(id),
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        completed_at INTEGER,
                        cancelled_at INTEGER,
                        status_before_cancel TEXT,
                        seq INTEGER NOT NULL
                    );
                    CREATE TABLE participants (
                        list_id TEXT NOT NULL REFERENCES lists(id),
                        user_id TEXT NOT NULL REFERENCES users(id),
                        username TEXT NOT NULL,
                        role TEXT NOT NULL,
                        PRIMARY KEY (list_id, user_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX participants_by_user ON participants(user_id);
                    CREATE TABLE items (
                        list_id TEXT NOT NULL REFERENCES lists(id),
                        id TEXT NOT NULL,
                        parent TEXT,
                        position REAL NOT NULL,
                        title TEXT NOT NULL,
                        notes TEXT,
                        due TEXT,
                        location TEXT,
                        remind_every INTEGER,
                        status TEXT NOT NULL,
                        created_by TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        done_by TEXT,
                        done_at INTEGER,
                        cancelled_by TEXT,
                        cancelled_at INTEGER,
                        cancel_origin TEXT,
                        PRIMARY KEY (list_id, id)
                    ) WITHOUT ROWID;
                    CREATE TABLE events (
                        list_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        payload BLOB NOT NULL,
                        PRIMARY KEY (list_id, seq)
                    ) WITHOUT ROWID;
                    CREATE TABLE applied_ops (
                        user_id TEXT NOT NULL,
                        op_id TEXT NOT NULL,
                        list_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        created_id TEXT,
                        PRIMARY KEY (user_id, op_id)
                    ) WITHOUT ROWID;
                    """)
        }
    }

    /// What 0.2.0 adds.
    static func quickAddAcknowledgements(_ db: Database, done: Set<String>) throws {
        // The `parsed` object of a quickAdd's ack, as wire JSON, so that a resent opId gets the
        // original ack whole (NULL for every other op, and for quickAdds applied before 0.2.0).
        if !done.contains("v2") {
            try db.execute(sql: "ALTER TABLE applied_ops ADD COLUMN parsed BLOB")
        }
    }

    /// What 0.6.0 adds.
    static func perUserLimits(_ db: Database, done: Set<String>) throws {
        // Per-user limits (`StoreLimits`): the bytes of event log each user's edits added, counted
        // for the existing log through the applied ops that name each event's author, and an
        // index to count the lists a user owns.
        if !done.contains("v3") {
            try db.execute(
                sql: """
                    ALTER TABLE users ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
                    UPDATE users SET stored_bytes = (
                        SELECT COALESCE(SUM(length(e.payload)), 0) FROM applied_ops a
                        JOIN events e ON e.list_id = a.list_id AND e.seq = a.seq
                        WHERE a.user_id = users.id
                    );
                    CREATE INDEX lists_by_owner ON lists(owner_id);
                    """)
        }
    }

    /// What 0.7.0 adds.
    static func timeZonesInboxesAndReminders(_ db: Database, done: Set<String>) throws {
        // Time zones, Inboxes and reminders. `reminder_claims` records every occurrence that
        // fired (so none fires twice, also across restarts and nodes); `reminder_deliveries` the
        // latest one each user got of each item (re-sent on sign-in until dismissed);
        // `reminder_snoozes` a user's snooze of an item.
        if !done.contains("v4") {
            try db.execute(
                sql: """
                    ALTER TABLE users ADD COLUMN tz TEXT NOT NULL DEFAULT 'UTC';
                    ALTER TABLE users ADD COLUMN inbox_id TEXT;
                    ALTER TABLE lists ADD COLUMN tz TEXT NOT NULL DEFAULT 'UTC';
                    ALTER TABLE lists ADD COLUMN inbox INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE items ADD COLUMN remind_before INTEGER;
                    ALTER TABLE items ADD COLUMN assignee TEXT;
                    ALTER TABLE items ADD COLUMN remind_every_since INTEGER;
                    UPDATE items SET remind_every_since = created_at WHERE remind_every IS NOT NULL;
                    CREATE INDEX items_with_reminders ON items(list_id)
                        WHERE status = 'open' AND (remind_every IS NOT NULL OR (remind_before IS NOT NULL AND due IS NOT NULL));
                    CREATE TABLE reminder_claims (
                        list_id TEXT NOT NULL,
                        item_id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        at INTEGER NOT NULL,
                        fired_at INTEGER NOT NULL,
                        PRIMARY KEY (list_id, item_id, kind, at)
                    ) WITHOUT ROWID;
                    CREATE TABLE reminder_deliveries (
                        user_id TEXT NOT NULL,
                        list_id TEXT NOT NULL,
                        item_id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        at INTEGER NOT NULL,
                        dismissed INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (user_id, list_id, item_id)
                    ) WITHOUT ROWID;
                    CREATE TABLE reminder_snoozes (
                        user_id TEXT NOT NULL,
                        list_id TEXT NOT NULL,
                        item_id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        until INTEGER NOT NULL,
                        PRIMARY KEY (user_id, list_id, item_id)
                    ) WITHOUT ROWID;
                    """)
        }
        // Repeating items: the rule (canonical RRULE text) and the first occurrence it counts from.
        if !done.contains("v5") {
            try db.execute(
                sql: """
                    ALTER TABLE items ADD COLUMN repeat_rule TEXT;
                    ALTER TABLE items ADD COLUMN repeat_start TEXT;
                    """)
        }
        // Habit checklists: the kind of each checklist, when each participant joined (a habit's
        // earlier days are not theirs to miss), and every participant's check-ins.
        if !done.contains("v6") {
            try db.execute(
                sql: """
                    ALTER TABLE lists ADD COLUMN kind TEXT NOT NULL DEFAULT 'checklist';
                    ALTER TABLE participants ADD COLUMN joined_at INTEGER;
                    CREATE TABLE check_ins (
                        list_id TEXT NOT NULL,
                        item_id TEXT NOT NULL,
                        username TEXT NOT NULL,
                        date TEXT NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (list_id, item_id, username, date)
                    ) WITHOUT ROWID;
                    """)
        }
        // Sequential parents and items that open on a date.
        if !done.contains("v7") {
            try db.execute(
                sql: """
                    ALTER TABLE lists ADD COLUMN sequential INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE items ADD COLUMN sequential INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE items ADD COLUMN available_from TEXT;
                    """)
        }
    }

    /// What 0.8.0 adds.
    static func agendaSearchFeedsAndAttachments(_ db: Database, done: Set<String>) throws {
        // The agenda's index: open items with a due, per checklist.
        if !done.contains("v8") {
            try db.execute(
                sql: "CREATE INDEX items_open_due ON items(list_id, due) WHERE status = 'open' AND due IS NOT NULL")
        }
        // Full-text search: one document per checklist (title, description) and per item
        // (title, notes, location), kept in step with the rows in the same transaction
        // (`SQLiteStorage.write`); an FTS5 index over them with prefix indexes for the
        // last word typed, fed by triggers (SQLite's external-content pattern).
        if !done.contains("v9") {
            try db.execute(
                sql: """
                    CREATE TABLE search_docs (
                        rowid INTEGER PRIMARY KEY,
                        list_id TEXT NOT NULL,
                        item_id TEXT NOT NULL,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        UNIQUE (list_id, item_id)
                    );
                    CREATE VIRTUAL TABLE search_fts USING fts5(
                        title, body, content='search_docs', content_rowid='rowid',
                        tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'
                    );
                    CREATE TRIGGER search_docs_ai AFTER INSERT ON search_docs BEGIN
                        INSERT INTO search_fts(rowid, title, body) VALUES (new.rowid, new.title, new.body);
                    END;
                    CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN
                        INSERT INTO search_fts(search_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);
                    END;
                    CREATE TRIGGER search_docs_au AFTER UPDATE ON search_docs BEGIN
                        INSERT INTO search_fts(search_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);
                        INSERT INTO search_fts(rowid, title, body) VALUES (new.rowid, new.title, new.body);
                    END;
                    INSERT INTO search_docs (list_id, item_id, title, body)
                        SELECT id, '', title, COALESCE(description, '') FROM lists;
                    INSERT INTO search_docs (list_id, item_id, title, body)
                        SELECT list_id, id, title, TRIM(COALESCE(notes, '') || ' ' || COALESCE(location, '')) FROM items;
                    """)
        }
        // Calendar feeds: each item row counts its revisions and the time of the last one
        // (SEQUENCE, LAST-MODIFIED); feed tokens by their hash, one per user and scope (a
        // checklist, or '' for all of them), with the generation rotation moves on. No index
        // of dated items: a feed reads each checklist's items by the primary key, and an
        // index on (list_id, due) led the planner away from `items_open_due` for `agenda`
        // (a week went from 90 to 218 ms at 200,000 items).
        if !done.contains("v10") {
            try db.execute(
                sql: """
                    ALTER TABLE items ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE items ADD COLUMN modified_at INTEGER;
                    CREATE TABLE feed_tokens (
                        token_hash BLOB PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id),
                        list_id TEXT NOT NULL,
                        generation INTEGER NOT NULL,
                        created_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE UNIQUE INDEX feed_tokens_by_scope ON feed_tokens(user_id, list_id);
                    """)
        }
        // Attachments: on the item row as JSON (what its events carry), and indexed by id and
        // by content for downloads and for removing files no attachment names.
        if !done.contains("v11") {
            try db.execute(
                sql: """
                    ALTER TABLE items ADD COLUMN attachments TEXT;
                    CREATE TABLE attachments (
                        id TEXT PRIMARY KEY NOT NULL,
                        list_id TEXT NOT NULL,
                        item_id TEXT NOT NULL,
                        sha256 TEXT NOT NULL,
                        size INTEGER NOT NULL,
                        created_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX attachments_by_content ON attachments(sha256);
                    """)
        }
    }

    /// What 0.10.0 adds.
    static func eventLogAsRowidTable(_ db: Database, done: Set<String>) throws {
        // Which items have children, per checklist: `agenda` tells an item that stands alone
        // (whose view needs only its row) from one whose checklist must be loaded. Partial, so
        // top-level items, most of them, cost no index entry.
        if !done.contains("v12") {
            try db.execute(sql: "CREATE INDEX items_children ON items(list_id, parent) WHERE parent IS NOT NULL")
        }
        // The event log as a rowid table (see the type's comment), one row per edit: an event
        // of up to ~4 KiB stays in its leaf page, edits append at the table's end, and each
        // row also holds its op's acknowledgement (author, opId, the created id, a quickAdd's
        // `parsed`), found by a unique index on (user_id, op_id). One pass: each event is copied
        // with its applied op, in (list_id, seq) order so each checklist's old events stay
        // together, and the applied-op table goes.
        if !done.contains("v13") {
            // Every op was written with its event in one transaction, so each has one; if one
            // had not, its resend would stop being recognised: refuse rather than lose it.
            let orphans =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM applied_ops a
                        WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.list_id = a.list_id AND e.seq = a.seq)
                        """) ?? 0
            guard orphans == 0 else {
                throw DatabaseError(message: "\(orphans) applied ops have no event; 0.10.0 cannot keep their acks")
            }
            try db.execute(
                sql: """
                    CREATE INDEX applied_ops_by_event ON applied_ops(list_id, seq);
                    CREATE TABLE events_v13 (
                        list_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        payload BLOB NOT NULL,
                        user_id TEXT,
                        op_id TEXT,
                        created_id TEXT,
                        parsed BLOB,
                        PRIMARY KEY (list_id, seq)
                    );
                    INSERT INTO events_v13 (list_id, seq, payload, user_id, op_id, created_id, parsed)
                        SELECT e.list_id, e.seq, e.payload, a.user_id, a.op_id, a.created_id, a.parsed
                        FROM events e LEFT JOIN applied_ops a ON a.list_id = e.list_id AND a.seq = e.seq
                        ORDER BY e.list_id, e.seq;
                    DROP TABLE events;
                    DROP TABLE applied_ops;
                    ALTER TABLE events_v13 RENAME TO events;
                    CREATE UNIQUE INDEX events_by_op ON events(user_id, op_id) WHERE op_id IS NOT NULL;
                    """)
        }
    }

    /// What 0.18.0 adds. The server's secret (feed URLs, signed attachment links) lives with
    /// the data, so that every server on the store shares it and one backup holds it; it used
    /// to be a file beside the database (`SQLiteStorage.serverKey` moves it in). A habit
    /// checklist's goal in days. The devices that take Web Push: one row per endpoint (a
    /// browser profile), the user it reminds, and the keys only that browser decrypts with.
    /// Failed logins and signups, counted with the data so that the limits hold for every
    /// server on a shared store and across restarts (one row per kind, address, username).
    /// Each user's mail: the address, its check, what to send and when (opt-in: no row, no
    /// mail).
    static func sharedStoresAndNotifications(_ db: Database, _: Set<String>) throws {
        try db.execute(
            sql: """
                CREATE TABLE server_key (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    key BLOB NOT NULL CHECK (length(key) = 32)
                );
                ALTER TABLE lists ADD COLUMN goal_days INTEGER;
                CREATE TABLE push_devices (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id),
                    device TEXT NOT NULL,
                    endpoint TEXT NOT NULL UNIQUE,
                    p256dh TEXT NOT NULL,
                    auth TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_used_at INTEGER NOT NULL
                );
                CREATE INDEX push_devices_by_user ON push_devices(user_id, created_at);
                CREATE TABLE attempts (
                    kind TEXT NOT NULL,
                    address TEXT NOT NULL,
                    username TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    first_at INTEGER NOT NULL,
                    last_at INTEGER NOT NULL,
                    PRIMARY KEY (kind, address, username)
                ) WITHOUT ROWID;
                CREATE INDEX attempts_by_last ON attempts(last_at);
                CREATE TABLE email_settings (
                    user_id TEXT PRIMARY KEY REFERENCES users(id),
                    address TEXT NOT NULL,
                    verified INTEGER NOT NULL,
                    verification_hash BLOB UNIQUE,
                    verification_expires INTEGER,
                    reminders INTEGER NOT NULL,
                    digest_minute INTEGER,
                    quiet_from INTEGER,
                    quiet_to INTEGER,
                    unsubscribe_token TEXT NOT NULL UNIQUE,
                    digest_sent_for INTEGER
                );
                """)
    }
}
