import ChecklistCore
public import ChecklistStore
import Foundation
import PostgresStore
import SQLiteStore
@testable public import StorageRules
public import Testing

/// Where a test's store lives: a database file in a fresh temporary folder for SQLite; a
/// fresh database on the test process's PostgreSQL server (`TestPostgres`), with a fresh
/// folder for its attachment cache, for PostgreSQL.
public struct StoreLocation: Sendable, CustomStringConvertible {
    /// The `--database` value that opens it.
    public let database: String
    /// A folder of the test's own (PostgreSQL: the attachment cache).
    public var folder: String?

    public var description: String { database }
}

/// The back ends the contract suite runs against (`StorageContractTests`): one test body per
/// requirement of `StoragePort`, run on every case. A second back end adds a case here, opens
/// its store in `open`, and must pass the same tests.
public enum StorageBackendKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    public var testDescription: String { rawValue }

    /// Whether several stores (servers) may have the same data open at once.
    public var isShared: Bool { self == .postgres }

    /// A fresh, empty location for a store of this kind, removed after `body`.
    public func withLocation<T>(_ body: (StoreLocation) throws -> T) throws -> T {
        switch self {
        case .sqlite:
            return try StoreFixture.withDatabasePath { path in try body(StoreLocation(database: path)) }
        case .postgres:
            let server = try TestPostgres.server()
            let database = try server.createDatabase()
            defer { server.dropDatabase(database.name) }
            return try StoreFixture.withDatabasePath { path in
                let folder = (path as NSString).deletingLastPathComponent + "/cache"
                return try body(StoreLocation(database: database.url, folder: folder))
            }
        }
    }

    /// The rules over this kind's back end at `location`, its thread started (close it).
    public func open(
        _ location: StoreLocation, limits: StoreLimits = .defaults,
        cachedChecklists: Int = StoreRules.defaultCachedChecklists, cacheBytes: Int = StoreRules.defaultCacheBytes
    ) throws -> StoreExecutor {
        let port: any StoragePort
        switch self {
        case .sqlite: port = try SQLiteStorage(path: location.database)
        case .postgres: port = try PostgresStorage(url: PostgresURL(location.database), cacheDirectory: location.folder)
        }
        return try StoreExecutor(
            port: port, encodeEvent: StoreFixture.encode, cachedChecklists: cachedChecklists, cacheBytes: cacheBytes,
            limits: limits)
    }

    /// Opens the store at `location`, runs `body`, and closes it whatever happens; opening it
    /// again afterwards is what a restart is.
    public func withStore<T>(
        at location: StoreLocation, limits: StoreLimits = .defaults, _ body: (StoreExecutor) throws -> T
    ) throws -> T {
        let store = try open(location, limits: limits)
        defer { store.close() }
        return try body(store)
    }

    /// A fresh, empty store of this kind.
    public func withStore<T>(limits: StoreLimits = .defaults, _ body: (StoreExecutor) throws -> T) throws -> T {
        try withLocation { location in try withStore(at: location, limits: limits, body) }
    }
}

extension StorageBackendKind {
    /// Makes every write of the store fail from now on, as a full disk would (`false` lifts
    /// it): a batch then cannot commit, which is what tests of rolling back need.
    public func failWrites(of store: StoreExecutor, _ failing: Bool) throws {
        switch self {
        case .sqlite: try (store.port as! SQLiteStorage).limitPages(toCurrentSize: failing)
        case .postgres: (store.port as! PostgresStorage).refuseWrites(failing)
        }
    }

    /// Runs `body` against a fresh, empty store of this kind, seen only as the server sees a
    /// store (`StoreBackend`); `reopen` closes it and opens the same data again (a restart).
    public func withFreshStore(
        _ body: (_ backend: any StoreBackend, _ reopen: () throws -> any StoreBackend) throws -> Void
    ) throws {
        try withLocation { location in
            var current: any StoreBackend = try open(location)
            defer { current.close() }
            try body(current) {
                current.close()
                current = try open(location)
                return current
            }
        }
    }
}

/// Runs `work` in the back end's next batch and waits for its commit — through the
/// `StoreBackend` protocol only, as the server drives a store.
public func run<T: Sendable>(
    _ backend: any StoreBackend, _ work: @escaping @Sendable (any ChecklistStorage) throws(StoreError) -> T
) throws -> T {
    try runOpened(backend, work)
}

private func runOpened<Backend: StoreBackend, T: Sendable>(
    _ backend: Backend, _ work: @escaping @Sendable (any ChecklistStorage) throws(StoreError) -> T
) throws -> T {
    try backend.sync { (storage: Backend.Storage) throws(StoreError) in try work(storage) }
}
