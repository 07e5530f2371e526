import ChecklistCore
import ChecklistStore
import Foundation
import Testing
import StorageRules
import SQLiteStore

/// The store back ends the shared contract suite runs against. A second implementation (the
/// PostgreSQL store) adds a case here and must pass the same tests.
enum StorageBackendKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite

    var testDescription: String { rawValue }

    /// Runs `body` against a fresh, empty store of this kind; `reopen` closes it and opens the
    /// same data again (to check what survives a restart).
    func withFreshStore(_ body: (_ backend: any StoreBackend, _ reopen: () throws -> any StoreBackend) throws -> Void)
        throws
    {
        switch self {
        case .sqlite:
            try StoreFixture.withDatabasePath { path in
                var current: any StoreBackend = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
                defer { current.close() }
                try body(current) {
                    current.close()
                    current = try StoreExecutor(path: path, encodeEvent: StoreFixture.encode)
                    return current
                }
            }
        }
    }
}

/// Runs `work` in the back end's next batch and waits for its commit — through the
/// `StoreBackend` protocol only, as the server drives a store.
func run<T: Sendable>(
    _ backend: any StoreBackend, _ work: @escaping @Sendable (any ChecklistStorage) throws(StoreError) -> T
) throws -> T {
    try runOpened(backend, work)
}

private func runOpened<Backend: StoreBackend, T: Sendable>(
    _ backend: Backend, _ work: @escaping @Sendable (any ChecklistStorage) throws(StoreError) -> T
) throws -> T {
    try backend.sync { (storage: Backend.Storage) throws(StoreError) in try work(storage) }
}
