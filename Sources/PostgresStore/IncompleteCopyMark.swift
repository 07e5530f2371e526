import ChecklistStore
import Foundation

/// The mark `checkwire copy-store` leaves on a database it is filling: a table of its own,
/// outside the numbered schema, made before the first row is copied and dropped in the
/// transaction that ends a verified copy. While it exists no server starts on the database
/// (`PostgresSchema.migrate` checks it under the migration lock), so a copy cut off halfway —
/// killed, a lost connection, a failed check — is never served as if it were the data.
enum IncompleteCopyMark {
    static let table = "checkwire_copy_in_progress"

    static let create = """
        CREATE TABLE \(table) (source TEXT NOT NULL, started_at TIMESTAMPTZ NOT NULL DEFAULT now())
        """

    /// Why the database may not be served, when it holds the mark.
    static func refusal(_ link: PostgresLink) throws(StorageFailure) -> String? {
        guard try link.query("SELECT to_regclass($1) IS NOT NULL", [.text(table)]).first?.bool(0) == true else {
            return nil
        }
        let row = try link.query(
            "SELECT source, to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM \(table) LIMIT 1"
        ).first
        let source = row?.text(0).map { " of \($0)" } ?? ""
        let started = row?.text(1).map { " started at \($0) UTC" } ?? ""
        return "it holds an incomplete copy\(source) (checkwire copy-store\(started) did not finish), so no server "
            + "starts on it. Empty the database (drop and create it, or DROP SCHEMA public CASCADE; "
            + "CREATE SCHEMA public) and run checkwire copy-store again"
    }
}
