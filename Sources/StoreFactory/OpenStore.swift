public import ChecklistStore
import SQLiteStore
import StorageRules

/// Which back end a `--database` value names. Anything else than a URL of a back end this
/// build knows is a SQLite file's path (created on first start).
public enum StoreKind: Hashable, Sendable {
    case sqlite(path: String)

    public init(database: String) {
        self = .sqlite(path: database)
    }
}

/// Opens the store `configuration.database` names, with the rules over it, and starts its
/// thread: the one place that knows every back end, so that the server knows none of them.
///
/// Throws when the store cannot be opened at all (another server holds the SQLite file, it
/// cannot be created or migrated, it was written by a newer Checkwire); the message names it.
/// A store that opens but cannot be written now opens with its `health` failing.
public func openStore(_ configuration: StoreConfiguration, encodeEvent: @escaping EventEncoder) throws(StoreError)
    -> any StoreBackend
{
    let port: any StoragePort
    switch StoreKind(database: configuration.database) {
    case .sqlite(let path):
        port = try SQLiteStorage(
            path: path, attachmentsDirectory: configuration.attachmentsDirectory,
            busyTimeout: configuration.busyTimeout)
    }
    return try StoreExecutor(
        port: port, encodeEvent: encodeEvent, cacheBytes: configuration.cacheBytes, limits: configuration.limits)
}
