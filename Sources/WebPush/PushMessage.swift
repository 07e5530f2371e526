/// One payload for one subscription: what the server enqueues per device per reminder
/// occurrence.
public struct PushMessage: Sendable {
    /// RFC 8030 §5.3: how soon the push service should wake the device.
    public enum Urgency: String, Sendable, Hashable {
        case veryLow = "very-low"
        case low
        case normal
        /// A reminder the user asked for at a time: wake the device now.
        case high
    }

    public var subscription: PushSubscription
    /// The plaintext (the `reminder` JSON message); encrypted on the delivery thread.
    public var payload: [UInt8]
    /// How long the push service keeps it for a device that is offline (RFC 8030 `TTL`).
    public var timeToLive: Duration
    public var urgency: Urgency
    /// RFC 8030 `Topic`: a newer message with the same topic replaces one still waiting on
    /// the push service (at most 32 base64url characters).
    public var topic: String?
    /// The caller's own reference (a subscription id, an occurrence), returned in the outcome.
    public var reference: String
    /// More of the caller's own words about it (the user and the item a reminder is for, so
    /// that a push accepted spares the user the same reminder by mail), returned likewise.
    public var about: [String]

    public init(
        subscription: PushSubscription, payload: [UInt8], timeToLive: Duration = .seconds(86_400),
        urgency: Urgency = .high, topic: String? = nil, reference: String = "", about: [String] = []
    ) {
        self.subscription = subscription
        self.payload = payload
        self.timeToLive = timeToLive
        self.urgency = urgency
        self.topic = topic
        self.reference = reference
        self.about = about
    }
}
