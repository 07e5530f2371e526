public import ChecklistCore

/// A browser that takes Web Push for a user: the subscription it gave (`PushSubscription`:
/// where to POST, and the keys only it can decrypt with) and the name the user sees.
///
/// One row per endpoint: an endpoint belongs to one browser profile, so the same endpoint
/// subscribed again updates its row (keys, name, and the user, when someone else signed in on
/// that browser since).
public struct PushDevice: Hashable, Sendable {
    public var id: String
    public var userID: UserID
    /// The name the user sees ("Chromium on Linux", "Phone").
    public var device: String
    public var endpoint: String
    /// The browser's P-256 key and auth secret, base64url as the browser gave them.
    public var p256dh: String
    public var auth: String
    public var created: Timestamp
    /// The last time a push was accepted for it, or it was subscribed again.
    public var lastUsed: Timestamp

    public init(
        id: String, userID: UserID, device: String, endpoint: String, p256dh: String, auth: String,
        created: Timestamp, lastUsed: Timestamp
    ) {
        self.id = id
        self.userID = userID
        self.device = device
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.created = created
        self.lastUsed = lastUsed
    }
}

/// A reminder on its way to one device by Web Push: the device and the plaintext (the
/// `reminder` message as sent over the WebSocket).
public struct PushDelivery: Sendable {
    public var device: PushDevice
    public var payload: [UInt8]
    /// The item it is about: a newer push for the same item replaces one still waiting.
    public var itemID: ItemID

    public init(device: PushDevice, payload: [UInt8], itemID: ItemID) {
        self.device = device
        self.payload = payload
        self.itemID = itemID
    }
}
