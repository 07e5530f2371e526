public import Foundation
public import OutboundDelivery

/// Sends the server's mail through one relay: `send` takes a message from any thread without
/// waiting; a thread of its own submits it over SMTP, retries while the relay is down or
/// answers 4xx, and tells each message's end to `onOutcome` (delivered to the relay, or
/// failed after its attempts). `counts` is what `/metrics` exports.
///
/// For example:
///
///     let relay = try SMTPRelay(url: "smtp://mail.example.org:587", passwordFile: contents)
///     let sender = MailSender(relay: relay) { outcome in log(outcome) }
///     sender.send(MailMessage(from: from, to: address, subject: "…", text: "…", unsubscribe: url))
public final class MailSender: Sendable {
    public typealias Outcome = DeliveryOutcome<MailMessage>

    public struct Configuration: Sendable {
        public var retry: RetryPolicy
        public var capacity: Int
        public var transfers: TransferLoop.Configuration

        /// Eight attempts from 30 s to 15 min apart (about 45 minutes in all), four
        /// connections to the relay at once.
        public init(
            retry: RetryPolicy = RetryPolicy(
                attempts: 8, firstDelay: .seconds(30), longestDelay: .seconds(900), longestRetryAfter: .seconds(900)),
            capacity: Int = 10_000,
            transfers: TransferLoop.Configuration = TransferLoop.Configuration(
                concurrent: 4, perLane: 4, connectTimeout: .seconds(15), timeout: .seconds(60))
        ) {
            self.retry = retry
            self.capacity = capacity
            self.transfers = transfers
        }
    }

    private let courier: Courier<MailChannel>

    public init(
        relay: SMTPRelay, configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Date = { Date() },
        onOutcome: @escaping @Sendable (Outcome) -> Void
    ) {
        courier = Courier(
            channel: MailChannel(relay: relay, now: now), policy: configuration.retry, capacity: configuration.capacity,
            transfers: configuration.transfers, threadName: "checkwire-mail", now: now, onOutcome: onOutcome)
    }

    /// Queues `message`; `false` when the sender already holds `capacity` messages.
    @discardableResult
    public func send(_ message: MailMessage) -> Bool { courier.enqueue(message) }

    /// Delivered (success), failed, retried: the counters `/metrics` exports.
    public var counts: DeliveryCounts { courier.counts }

    /// Stops the thread; messages still held end as failed.
    public func stop() { courier.stop() }
}
