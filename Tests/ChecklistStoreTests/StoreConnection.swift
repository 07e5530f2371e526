import GRDB

@testable import ChecklistStore

extension StoreExecutor {
    /// Runs `body` on the store thread with the store's own connection, for tests that look at
    /// the file's rows and settings; a database error fails the test.
    func onConnection<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> T {
        try sync { storage throws(StoreError) in
            do {
                return try body(storage.db)
            } catch {
                throw .failure("\(error)")
            }
        }
    }
}
