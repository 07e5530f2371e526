import ChecklistStore
import GRDB

/// The database schema, as migrations named by the Checkwire version that introduced them,
/// run once each on open.
///
/// Versions before 0.18.0 named them `v1` … `v13`, and existing files record those names.
/// Each version's migration merges the old ones it covers (GRDB's `merging:`): on such a file
/// it runs none of their statements again and only records the version's name instead, and on
/// a file that has some of them it runs the rest. A file written by a newer Checkwire (a
/// migration this build does not know) is refused rather than opened.
///
/// The event log is a rowid table indexed by what it is read by: replay reads a range of
/// `(list_id, seq)`, idempotency looks up `(user_id, op_id)` (since 0.10.0 an op's
/// acknowledgement is its event row, one row per edit). Not `WITHOUT ROWID`: such a row
/// keeps at most ~1,000 bytes in its page, and a typical event (~1 KiB of JSON) put the
/// rest on an overflow page of its own, 4 KiB per edit.
enum Schema {
    /// The version of the newest migration this build knows.
    static let newestVersion = "0.18.0"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("0.1.0", merging: ["v1"], migrate: firstSchema)
        migrator.registerMigration("0.2.0", merging: ["v2"], migrate: quickAddAcknowledgements)
        migrator.registerMigration("0.6.0", merging: ["v3"], migrate: perUserLimits)
        migrator.registerMigration("0.7.0", merging: ["v4", "v5", "v6", "v7"], migrate: timeZonesInboxesAndReminders)
        migrator.registerMigration(
            "0.8.0", merging: ["v8", "v9", "v10", "v11"], migrate: agendaSearchFeedsAndAttachments)
        migrator.registerMigration("0.10.0", merging: ["v12", "v13"], migrate: eventLogAsRowidTable)
        migrator.registerMigration("0.18.0", migrate: sharedStoresAndNotifications)
        return migrator
    }

    /// Migrates the file to this build's schema, or refuses one a newer Checkwire wrote.
    static func migrate(_ database: DatabaseQueue) throws {
        let migrator = migrator
        let unknown = try database.read { db in try unknownMigrations(db, migrator: migrator) }
        guard unknown.isEmpty else {
            throw StoreError.failure(
                "the database was written by a newer Checkwire (schema \(unknown.sorted().joined(separator: ", "))); "
                    + "this one knows the schema up to \(newestVersion): run the newer version")
        }
        try migrator.migrate(database)
    }

    /// Migrations the file records that this build neither knows nor merged into one it knows.
    static func unknownMigrations(_ db: Database, migrator: DatabaseMigrator) throws -> Set<String> {
        guard try db.tableExists("grdb_migrations") else { return [] }
        let known = Set(migrator.migrations).union(mergedIdentifiers)
        return try migrator.appliedIdentifiers(db).subtracting(known)
    }

    /// The names earlier versions gave the migrations merged above.
    static let mergedIdentifiers: Set<String> = Set((1...13).map { "v\($0)" })
}
