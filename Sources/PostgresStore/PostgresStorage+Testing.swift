import Synchronization

/// What tests need to make PostgreSQL refuse writes, as a full disk would for SQLite.
extension PostgresStorage {
    /// From the next batch on, begins every transaction `READ ONLY` (`false` lifts it), so that
    /// the server itself refuses the batch's writes. Any thread.
    public func refuseWrites(_ refusing: Bool) {
        readOnlyBatches.withLock { $0 = refusing }
    }
}
