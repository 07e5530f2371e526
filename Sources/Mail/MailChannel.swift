public import Foundation
public import OutboundDelivery

/// Mail as a `DeliveryChannel`: a message becomes an SMTP submission to the relay, and the
/// relay's reply a verdict (RFC 5321 §4.2.1: 4yz try again later, 5yz do not).
public struct MailChannel: DeliveryChannel {
    public typealias Job = MailMessage

    /// Eight attempts from 30 s to 15 min apart (about 45 minutes in all); 10,000 mails
    /// held; four connections to the relay at once, slow ones included (a relay that is slow
    /// is never sent more), 15 s to connect, 60 s per mail.
    public static var defaults: DeliveryConfiguration {
        DeliveryConfiguration(
            retry: RetryPolicy(
                attempts: 8, firstDelay: .seconds(30), longestDelay: .seconds(900), longestRetryAfter: .seconds(900)),
            capacity: 10_000,
            transfers: TransferLoop.Configuration(
                concurrent: 4, perLane: 4, openLimit: 4, connectTimeout: .seconds(15), timeout: .seconds(60)))
    }

    public static let threadName = "checkwire-mail"

    let relay: SMTPRelay
    let now: @Sendable () -> Date

    public init(relay: SMTPRelay, now: @escaping @Sendable () -> Date = { Date() }) {
        self.relay = relay
        self.now = now
    }

    public func lane(for job: MailMessage) -> String { relay.url }

    public func request(for job: MailMessage) throws -> OutboundRequest {
        .smtp(
            SMTPSubmission(
                url: relay.url, security: relay.security, user: relay.user, password: relay.password,
                caFile: relay.caFile, mailFrom: job.from.address.description, recipients: [job.to.description],
                message: job.rendered(date: now())))
    }

    public func verdict(on result: TransferResult) -> DeliveryVerdict {
        let code = result.responseCode
        let reply = "the relay answered \(code)"
        switch (result.failure, code) {
        case (nil, _):
            return .delivered
        case (_, 400..<500):
            return .retry(reason: reply)
        case (_, 500..<600):
            return .fail(reason: code == 535 || code == 530 ? "\(reply): the user and password were refused" : reply)
        case (let failure?, _):
            return failure.kind == .transient ? .retry(reason: failure.description) : .fail(reason: failure.description)
        }
    }
}
