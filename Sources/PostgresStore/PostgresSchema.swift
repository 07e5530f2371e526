import ChecklistStore
import Foundation

/// The PostgreSQL schema, as numbered migrations run once each under an advisory lock (so that
/// nodes starting together migrate one at a time), recorded in `checkwire_schema`. A database
/// migrated by a newer Checkwire (a version this build does not know) is refused.
///
/// The tables are SQLite's (`SQLiteStore/Schema.swift`) with PostgreSQL's types, plus what a
/// shared database needs: each event row records its transaction (`xid`, for the tail that
/// other nodes read, in commit-safe order) and its place in the table (`id`); attachment bytes
/// are a table of their own, keyed by content; search documents carry a `tsvector` under a GIN
/// index. An opId is kept as its UTF-8 bytes (`op_id BYTEA`): a client may send any string,
/// NUL included, which PostgreSQL's text cannot hold.
enum PostgresSchema {
    /// The newest migration this build knows, and the Checkwire version that introduced it.
    static let newestVersion = migrations.count
    static let newestRelease = "0.18.0"

    /// The advisory lock key migrations are made under ("checkwire" in ASCII, truncated).
    static let migrationLock: Int64 = 0x6368_6563_6B77_6972

    static let migrations: [String] = [
        """
        CREATE TABLE server_key (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            key BYTEA NOT NULL CHECK (length(key) = 32)
        );
        CREATE TABLE users (
            id TEXT PRIMARY KEY,
            username TEXT NOT NULL,
            username_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            stored_bytes BIGINT NOT NULL DEFAULT 0,
            tz TEXT NOT NULL DEFAULT 'UTC',
            inbox_id TEXT
        );
        CREATE TABLE sessions (
            token_hash BYTEA PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id),
            created_at BIGINT NOT NULL
        );
        CREATE TABLE lists (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            description TEXT,
            due TEXT,
            status TEXT NOT NULL,
            owner_id TEXT NOT NULL REFERENCES users(id),
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            completed_at BIGINT,
            cancelled_at BIGINT,
            status_before_cancel TEXT,
            seq BIGINT NOT NULL,
            tz TEXT NOT NULL DEFAULT 'UTC',
            inbox BOOLEAN NOT NULL DEFAULT false,
            kind TEXT NOT NULL DEFAULT 'checklist',
            sequential BOOLEAN NOT NULL DEFAULT false,
            goal_days BIGINT
        );
        CREATE INDEX lists_by_owner ON lists(owner_id);
        CREATE TABLE participants (
            list_id TEXT NOT NULL REFERENCES lists(id),
            user_id TEXT NOT NULL REFERENCES users(id),
            username TEXT NOT NULL,
            role TEXT NOT NULL,
            joined_at BIGINT,
            PRIMARY KEY (list_id, user_id)
        );
        CREATE INDEX participants_by_user ON participants(user_id);
        CREATE TABLE items (
            list_id TEXT NOT NULL REFERENCES lists(id),
            id TEXT NOT NULL,
            parent TEXT,
            position DOUBLE PRECISION NOT NULL,
            title TEXT NOT NULL,
            notes TEXT,
            due TEXT,
            location TEXT,
            remind_every BIGINT,
            remind_every_since BIGINT,
            remind_before BIGINT,
            assignee TEXT,
            repeat_rule TEXT,
            repeat_start TEXT,
            sequential BOOLEAN NOT NULL DEFAULT false,
            available_from TEXT,
            status TEXT NOT NULL,
            created_by TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            done_by TEXT,
            done_at BIGINT,
            cancelled_by TEXT,
            cancelled_at BIGINT,
            cancel_origin TEXT,
            attachments TEXT,
            revision BIGINT NOT NULL DEFAULT 0,
            modified_at BIGINT,
            PRIMARY KEY (list_id, id)
        );
        CREATE INDEX items_open_due ON items(list_id, due) WHERE status = 'open' AND due IS NOT NULL;
        CREATE INDEX items_children ON items(list_id, parent) WHERE parent IS NOT NULL;
        CREATE INDEX items_with_reminders ON items(list_id)
            WHERE status = 'open' AND (remind_every IS NOT NULL OR (remind_before IS NOT NULL AND due IS NOT NULL));
        CREATE TABLE check_ins (
            list_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            username TEXT NOT NULL,
            date TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (list_id, item_id, username, date)
        );
        CREATE TABLE events (
            id BIGINT GENERATED ALWAYS AS IDENTITY,
            list_id TEXT NOT NULL,
            seq BIGINT NOT NULL,
            payload BYTEA NOT NULL,
            user_id TEXT,
            op_id BYTEA,
            created_id TEXT,
            parsed BYTEA,
            xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
            node TEXT,
            PRIMARY KEY (list_id, seq),
            UNIQUE (user_id, op_id)
        );
        CREATE INDEX events_by_transaction ON events(xid, id);
        CREATE TABLE reminder_claims (
            list_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            at BIGINT NOT NULL,
            fired_at BIGINT NOT NULL,
            PRIMARY KEY (list_id, item_id, kind, at)
        );
        CREATE TABLE reminder_deliveries (
            user_id TEXT NOT NULL,
            list_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            at BIGINT NOT NULL,
            dismissed BOOLEAN NOT NULL DEFAULT false,
            PRIMARY KEY (user_id, list_id, item_id)
        );
        CREATE TABLE reminder_snoozes (
            user_id TEXT NOT NULL,
            list_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            until BIGINT NOT NULL,
            PRIMARY KEY (user_id, list_id, item_id)
        );
        CREATE TABLE feed_tokens (
            token_hash BYTEA PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id),
            list_id TEXT NOT NULL,
            generation BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            UNIQUE (user_id, list_id)
        );
        CREATE TABLE attachments (
            id TEXT PRIMARY KEY,
            list_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            size BIGINT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX attachments_by_content ON attachments(sha256);
        CREATE TABLE attachment_bytes (
            sha256 TEXT PRIMARY KEY,
            size BIGINT NOT NULL,
            bytes BYTEA NOT NULL,
            stored_at BIGINT NOT NULL
        );
        CREATE TABLE search_docs (
            id BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
            list_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            document tsvector GENERATED ALWAYS AS (
                setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')
            ) STORED,
            PRIMARY KEY (list_id, item_id)
        );
        CREATE INDEX search_docs_document ON search_docs USING GIN (document);
        """,
        // The devices that take Web Push; `position` keeps the order subscribed among devices
        // made in the same millisecond.
        """
        CREATE TABLE push_devices (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id),
            device TEXT NOT NULL,
            endpoint TEXT NOT NULL UNIQUE,
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            last_used_at BIGINT NOT NULL,
            position BIGINT GENERATED ALWAYS AS IDENTITY
        );
        CREATE INDEX push_devices_by_user ON push_devices(user_id, created_at);
        """,
        // Failed logins and signups, counted here so that every server enforces one limit.
        """
        CREATE TABLE attempts (
            kind TEXT NOT NULL,
            address TEXT NOT NULL,
            username TEXT NOT NULL,
            count BIGINT NOT NULL,
            first_at BIGINT NOT NULL,
            last_at BIGINT NOT NULL,
            PRIMARY KEY (kind, address, username)
        );
        CREATE INDEX attempts_by_last ON attempts(last_at);
        """,
        // Each user's mail: the address, its check, what to send and when (opt-in: no row, no
        // mail).
        """
        CREATE TABLE email_settings (
            user_id TEXT PRIMARY KEY REFERENCES users(id),
            address TEXT NOT NULL,
            verified BOOLEAN NOT NULL,
            verification_hash BYTEA UNIQUE,
            verification_expires BIGINT,
            reminders BOOLEAN NOT NULL,
            digest_minute BIGINT,
            quiet_from BIGINT,
            quiet_to BIGINT,
            unsubscribe_token TEXT NOT NULL UNIQUE,
            digest_sent_for BIGINT
        );
        """,
        // What servers tell each other besides events: an event row keeps the user its
        // `unshare` revoked or its `share` added (with their `listShared`), so every server
        // tells them in the event's place; `notices` carries sign-outs, reminders, dismissals,
        // snoozes, settings and the schedule, each row recording its transaction like an
        // event's, for the same commit-safe tail.
        """
        ALTER TABLE events ADD COLUMN revoked_user TEXT, ADD COLUMN shared_user TEXT, ADD COLUMN shared_notice BYTEA;
        CREATE TABLE notices (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
            node TEXT NOT NULL,
            kind TEXT NOT NULL,
            user_id TEXT,
            body BYTEA NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now()
        );
        CREATE INDEX notices_by_transaction ON notices(xid, id);
        """,
    ]

    /// Migrates the database to this build's schema under the advisory lock, or refuses one a
    /// newer Checkwire migrated, or one `copy-store` has not finished filling (unless it is the
    /// copy that migrates: `copying`). Returns how many migrations ran.
    @discardableResult
    static func migrate(_ link: PostgresLink, copying: Bool = false) throws(StorageFailure) -> Int {
        try link.query("SELECT pg_advisory_lock($1)", [.int(migrationLock)])
        defer { _ = try? link.query("SELECT pg_advisory_unlock($1)", [.int(migrationLock)]) }
        if !copying, let refusal = try IncompleteCopyMark.refusal(link) {
            throw StorageFailure(refusal)
        }
        try link.query(
            "CREATE TABLE IF NOT EXISTS checkwire_schema (version INTEGER PRIMARY KEY, release TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        let applied = try link.query("SELECT COALESCE(max(version), 0) FROM checkwire_schema").first?.int64(0) ?? 0
        guard applied <= newestVersion else {
            throw StorageFailure(
                "the database was migrated by a newer Checkwire (schema \(applied)); this one knows the schema up to "
                    + "\(newestVersion) (\(newestRelease)): run the newer version")
        }
        var ran = 0
        for version in (Int(applied) + 1)..<(newestVersion + 1) {
            try link.query("BEGIN")
            do {
                for statement in migrations[version - 1].components(separatedBy: ";\n") {
                    let trimmed = statement.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !trimmed.isEmpty { try link.query(trimmed) }
                }
                try link.query(
                    "INSERT INTO checkwire_schema (version, release) VALUES ($1, $2)",
                    [.int(Int64(version)), .text(newestRelease)])
                try link.query("COMMIT")
            } catch {
                _ = try? link.query("ROLLBACK")
                throw error
            }
            ran += 1
        }
        return ran
    }
}
