import Synchronization

/// What a sender has done since it started, for `/metrics`: read from any thread.
public struct DeliveryCounts: Sendable, Hashable {
    /// Accepted by the push service or the relay.
    public var delivered: Int
    /// Refused for good (404/410): the push subscription no longer exists.
    public var gone: Int
    /// Given up: a permanent refusal, or every attempt failed.
    public var failed: Int
    /// Attempts made again after a transient failure.
    public var retried: Int
    /// Not taken: the queue was full.
    public var rejected: Int
    /// Taken and not yet finished (queued, in progress or waiting to retry).
    public var pending: Int
}

/// The counters behind `DeliveryCounts`, bumped on the delivery thread.
final class DeliveryCounters: Sendable {
    let delivered = Atomic(0)
    let gone = Atomic(0)
    let failed = Atomic(0)
    let retried = Atomic(0)
    let rejected = Atomic(0)
    let pending = Atomic(0)

    var snapshot: DeliveryCounts {
        DeliveryCounts(
            delivered: delivered.load(ordering: .relaxed), gone: gone.load(ordering: .relaxed),
            failed: failed.load(ordering: .relaxed), retried: retried.load(ordering: .relaxed),
            rejected: rejected.load(ordering: .relaxed), pending: pending.load(ordering: .relaxed))
    }
}
