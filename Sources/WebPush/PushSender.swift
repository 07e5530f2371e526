public import Foundation
public import OutboundDelivery

/// Sends Web Push messages from the server: `send` takes a message from any thread without
/// waiting; a thread of its own encrypts, signs and POSTs it, retries 429/5xx and network
/// failures (honouring `Retry-After`), and tells each message's end to `onOutcome`:
/// delivered, gone (the caller removes the subscription) or failed after its attempts.
///
/// For example:
///
///     let sender = PushSender(keys: keys, subject: try VAPIDSubject("mailto:ops@example.org")) { outcome in
///         storeQueue.async { handle(outcome) }  // hand on, never wait here
///     }
///     sender.send(PushMessage(subscription: subscription, payload: Array(reminderJSON.utf8)))
public final class PushSender: Sendable {
    public typealias Outcome = DeliveryOutcome<PushMessage>

    public struct Configuration: Sendable {
        public var retry: RetryPolicy
        /// Messages held at once (queued, in flight, waiting to retry).
        public var capacity: Int
        public var transfers: TransferLoop.Configuration

        /// Five attempts, 2 s to 60 s apart; a `Retry-After` up to 10 minutes is waited for.
        public init(
            retry: RetryPolicy = RetryPolicy(
                attempts: 5, firstDelay: .seconds(2), longestDelay: .seconds(60), longestRetryAfter: .seconds(600)),
            capacity: Int = 20_000, transfers: TransferLoop.Configuration = TransferLoop.Configuration()
        ) {
            self.retry = retry
            self.capacity = capacity
            self.transfers = transfers
        }
    }

    private let courier: Courier<PushChannel>

    /// - Parameter onOutcome: called once per message, on the sender's thread: hand the
    ///   outcome on and return.
    public init(
        keys: VAPIDKeyPair, subject: VAPIDSubject, configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Date = { Date() }, onOutcome: @escaping @Sendable (Outcome) -> Void
    ) {
        courier = Courier(
            channel: PushChannel(keys: keys, subject: subject, now: now), policy: configuration.retry,
            capacity: configuration.capacity, transfers: configuration.transfers, threadName: "checkwire-push",
            now: now, onOutcome: onOutcome)
    }

    /// Queues `message`; `false` when the sender already holds `capacity` messages (the
    /// message is then dropped and counted as `rejected`).
    @discardableResult
    public func send(_ message: PushMessage) -> Bool { courier.enqueue(message) }

    public var counts: DeliveryCounts { courier.counts }

    /// Stops the thread; messages still held end as failed.
    public func stop() { courier.stop() }
}
