/// How a batch's body asks `StoragePort.runBatch` to end it.
public enum BatchEnd: Sendable {
    case commit
    /// A job failed half-way in the back end: nothing of the batch may stay.
    case rollBack
}

/// What became of a batch (`StoragePort.runBatch`).
public enum BatchOutcome: Sendable {
    /// The transaction could not begin: no job ran.
    case didNotBegin(StorageFailure)
    /// Committed; `wrote` when the batch changed anything.
    case committed(wrote: Bool)
    /// Rolled back: asked to, or because of `failure` (the body's, or the commit's).
    case rolledBack(StorageFailure?)
}
