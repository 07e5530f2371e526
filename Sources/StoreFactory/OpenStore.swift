public import ChecklistStore
public import PostgresStore
import SQLiteStore
import StorageRules

/// Which back end a `--database` value names: a `postgres://` (or `postgresql://`) URL is
/// PostgreSQL, shared by every server given the same URL; anything else is a SQLite file's path
/// (created on first start).
public enum StoreKind: Hashable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresURL)

    /// Throws when a PostgreSQL URL is malformed (the message masks its password).
    public init(database: String) throws(StoreError) {
        if PostgresURL.names(database) {
            self = .postgres(try PostgresURL(database))
        } else {
            self = .sqlite(path: database)
        }
    }

    /// For log lines: the file's path, or the URL with its password masked.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): url.description
        }
    }
}

/// Opens the store `configuration.database` names, with the rules over it, and starts its
/// thread: the one place that knows every back end, so that the server knows none of them.
///
/// Throws when the store cannot be opened at all: another server holds the SQLite file, it
/// cannot be created or migrated, it was written by a newer Checkwire; a PostgreSQL URL that is
/// malformed, whose credentials are refused or whose database does not exist. The message
/// names the store (a URL with its password masked). A store that opens but cannot be written
/// now — a read-only file, a PostgreSQL server that cannot be reached yet — opens with its
/// `health` failing, and recovers when a batch commits.
public func openStore(_ configuration: StoreConfiguration, encodeEvent: @escaping EventEncoder) throws(StoreError)
    -> any StoreBackend
{
    let port: any StoragePort
    switch try StoreKind(database: configuration.database) {
    case .sqlite(let path):
        port = try SQLiteStorage(
            path: path, attachmentsDirectory: configuration.attachmentsDirectory,
            busyTimeout: configuration.busyTimeout)
    case .postgres(let url):
        port = try PostgresStorage(url: url, cacheDirectory: configuration.attachmentsDirectory)
    }
    return try StoreExecutor(
        port: port, encodeEvent: encodeEvent, cacheBytes: configuration.cacheBytes, limits: configuration.limits)
}
