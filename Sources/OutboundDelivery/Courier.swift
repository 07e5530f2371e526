public import Foundation
import Synchronization

/// Takes jobs from any thread without blocking, delivers them on its `TransferLoop`, retries
/// what a channel calls transient under a `RetryPolicy`, and tells each job's end to
/// `onOutcome` exactly once.
///
/// Bounded: at most `capacity` jobs are held at once (queued, in progress or waiting to
/// retry); `enqueue` refuses more and counts them, so a push service that is down cannot grow
/// the server's memory without end.
///
/// `onOutcome` runs on the delivery thread: it must only hand the outcome on (to the store's
/// queue, a log), never wait.
///
/// `PushSender` and `MailSender` are couriers of the Web Push and mail channels.
public final class Courier<Channel: DeliveryChannel>: Sendable {
    public typealias Outcome = DeliveryOutcome<Channel.Job>

    private let channel: Channel
    private let policy: RetryPolicy
    private let capacity: Int
    private let loop: TransferLoop
    private let counters = DeliveryCounters()
    private let onOutcome: @Sendable (Outcome) -> Void
    /// The wall clock, for `Retry-After` dates.
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - configuration: `Channel.defaults` unless given.
    ///   - now: the wall clock, for `Retry-After` dates and the channel's own needs.
    ///   - onOutcome: called once per job, on the delivery thread: hand the outcome on and return.
    public init(
        channel: Channel, configuration: DeliveryConfiguration = Channel.defaults,
        now: @escaping @Sendable () -> Date = { Date() }, onOutcome: @escaping @Sendable (Outcome) -> Void
    ) {
        self.channel = channel
        policy = configuration.retry
        capacity = max(1, configuration.capacity)
        self.onOutcome = onOutcome
        self.now = now
        loop = TransferLoop(configuration: configuration.transfers, name: Channel.threadName)
    }

    /// Takes `job` for delivery; `false` (and nothing else happens but the `rejected` count)
    /// when `capacity` jobs are already held. Any thread; never blocks.
    @discardableResult
    public func send(_ job: Channel.Job) -> Bool {
        var held = counters.pending.load(ordering: .relaxed)
        while true {
            guard held < capacity else {
                counters.rejected.add(1, ordering: .relaxed)
                return false
            }
            let (exchanged, original) = counters.pending.compareExchange(
                expected: held, desired: held + 1, ordering: .relaxed)
            if exchanged { break }
            held = original
        }
        let channel = self.channel
        attempt(job, number: 1, notBefore: .now) { try channel.request(for: job) }
        return true
    }

    /// What was delivered, given up and retried so far.
    public var counts: DeliveryCounts { counters.snapshot }

    /// Stops the delivery thread; jobs still held end as failed ("the sender stopped").
    public func stop() { loop.stop() }

    private func attempt(
        _ job: Channel.Job, number: Int, notBefore: ContinuousClock.Instant,
        prepare: @escaping @Sendable () throws -> OutboundRequest
    ) {
        // The request is made once, on the delivery thread, and reused by the retries.
        let made = Made()
        loop.submit(
            TransferLoop.Submission(
                lane: channel.lane(for: job), notBefore: notBefore,
                prepare: {
                    let request = try prepare()
                    made.request = request
                    return request
                },
                completion: { [self] result in self.finished(job, number: number, result: result, made: made) }
            ))
    }

    private func finished(_ job: Channel.Job, number: Int, result: TransferResult, made: Made) {
        if let failure = result.failure, failure.kind == .notSent {
            // Not made (or cut short by `stop`): it does not count as an attempt.
            return end(.failed(job, reason: failure.message, attempts: number - 1), counter: counters.failed)
        }
        switch channel.verdict(on: result) {
        case .delivered:
            end(.delivered(job, attempts: number), counter: counters.delivered)
        case .gone:
            end(.gone(job), counter: counters.gone)
        case .fail(let reason):
            end(.failed(job, reason: reason, attempts: number), counter: counters.failed)
        case .retry(let reason):
            let retryAfter = result.retryAfter.flatMap { RetryAfter.parse($0, now: now()) }
            guard let wait = policy.delay(after: number, retryAfter: retryAfter, draw: Double.random(in: 0..<1)),
                let request = made.request
            else {
                let why = number >= policy.attempts ? "\(reason) (after \(number) attempts)" : reason
                return end(.failed(job, reason: why, attempts: number), counter: counters.failed)
            }
            counters.retried.add(1, ordering: .relaxed)
            attempt(job, number: number + 1, notBefore: .now + wait) { request }
        }
    }

    private func end(_ outcome: Outcome, counter: borrowing Atomic<Int>) {
        counter.add(1, ordering: .relaxed)
        counters.pending.subtract(1, ordering: .relaxed)
        onOutcome(outcome)
    }
}

/// A job's request once made, shared by its attempts.
// @unchecked Sendable: written once by the delivery thread before the attempt runs, and read
// by the same thread when it ends.
private final class Made: @unchecked Sendable {
    var request: OutboundRequest?
}
