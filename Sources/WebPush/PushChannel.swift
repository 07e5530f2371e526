public import Foundation
public import OutboundDelivery
import Synchronization

/// Web Push as a `DeliveryChannel`: a message becomes an RFC 8030 POST (encrypted body,
/// VAPID header, `TTL`, `Urgency`, `Topic`), and a push service's answer becomes a verdict.
public struct PushChannel: DeliveryChannel {
    public typealias Job = PushMessage

    /// Five attempts, 2 s to 60 s apart (a `Retry-After` up to 10 minutes is waited for);
    /// 20,000 messages held; 64 requests at once, 16 to one push service; a request a service
    /// holds open past 2 s gives its slot back and stays open (512 at most, 256 to one
    /// service) until its 30 s time limit.
    public static var defaults: DeliveryConfiguration {
        DeliveryConfiguration(
            retry: RetryPolicy(
                attempts: 5, firstDelay: .seconds(2), longestDelay: .seconds(60), longestRetryAfter: .seconds(600)),
            capacity: 20_000, transfers: TransferLoop.Configuration())
    }

    public static let threadName = "checkwire-push"

    let keys: VAPIDKeyPair
    let subject: VAPIDSubject
    let now: @Sendable () -> Date
    /// One token per push service, made again when less than half its life is left.
    private let tokens: TokenCache

    public init(keys: VAPIDKeyPair, subject: VAPIDSubject, now: @escaping @Sendable () -> Date = { Date() }) {
        self.keys = keys
        self.subject = subject
        self.now = now
        tokens = TokenCache()
    }

    public func lane(for job: PushMessage) -> String { job.subscription.audience }

    public func request(for job: PushMessage) throws -> OutboundRequest {
        let body = try PushEncryption.encrypt(job.payload, for: job.subscription)
        let token = try tokens.token(for: job.subscription.audience, now: now()) { audience, expires in
            try VAPIDToken.make(audience: audience, subject: subject, expires: expires, keys: keys)
        }
        var headers: [(name: String, value: String)] = [
            ("Authorization", VAPIDToken.authorization(token: token, keys: keys)),
            ("TTL", String(max(0, Int(job.timeToLive / .seconds(1))))),
            ("Urgency", job.urgency.rawValue),
            ("Content-Encoding", "aes128gcm"),
            ("Content-Type", "application/octet-stream"),
        ]
        if let topic = job.topic {
            // RFC 8030 §5.4: at most 32 characters of the base64url alphabet.
            guard (1...32).contains(topic.count),
                topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else { throw PushPayloadError.invalidTopic(topic) }
            headers.append(("Topic", topic))
        }
        return .post(HTTPPost(url: job.subscription.endpoint.absoluteString, headers: headers, body: body))
    }

    /// RFC 8030 §5 and RFC 8292 §4: 201 (or any 2xx) delivered; 404 and 410 the subscription
    /// is gone; 429 and 5xx try again (after `Retry-After`); other 4xx (a bad token, a payload
    /// too large) will not pass by waiting.
    public func verdict(on result: TransferResult) -> DeliveryVerdict {
        if let failure = result.failure {
            return failure.kind == .transient ? .retry(reason: failure.description) : .fail(reason: failure.description)
        }
        let status = result.responseCode
        let said = String(decoding: result.responseBody.prefix(200), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let reason = "the push service answered \(status)" + (said.isEmpty ? "" : ": \(said)")
        switch status {
        case 200..<300: return .delivered
        case 404, 410: return .gone
        case 429, 500..<600: return .retry(reason: reason)
        default: return .fail(reason: reason)
        }
    }
}

/// VAPID tokens by audience. Signing costs an ECDSA signature; a fan-out to a thousand
/// devices on one push service needs one token, not a thousand.
final class TokenCache: Sendable {
    private let tokens = Mutex<[String: (token: String, expires: Date)]>([:])

    func token(for audience: String, now: Date, make: (String, Date) throws -> String) throws -> String {
        if let cached = tokens.withLock({ $0[audience] }),
            cached.expires.timeIntervalSince(now) > VAPIDToken.lifetime / 2
        {
            return cached.token
        }
        let expires = now.addingTimeInterval(VAPIDToken.lifetime)
        let token = try make(audience, expires)
        tokens.withLock { $0[audience] = (token, expires) }
        return token
    }
}
