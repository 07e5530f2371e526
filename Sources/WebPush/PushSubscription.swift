import Crypto
public import Foundation

/// A browser's push subscription (`PushSubscription.toJSON()`): where to POST, and the keys
/// that only that browser can decrypt with. Made only through `init(endpoint:p256dh:auth:…)`,
/// which checks everything a push service or the encryption would otherwise fail on later.
public struct PushSubscription: Sendable, Hashable {
    public let endpoint: URL
    /// The browser's P-256 public key, uncompressed (65 bytes).
    public let p256dh: [UInt8]
    /// The browser's authentication secret (16 bytes).
    public let auth: [UInt8]

    /// Longer endpoints are refused; real ones (FCM, Mozilla, Apple, Microsoft) are under 600.
    public static let maximumEndpointLength = 2_048

    /// - Parameters:
    ///   - endpoint: an `https://` URL; with `allowLoopback`, also `http://127.0.0.1:PORT/…`
    ///     (the tests' push service; `--allow-loopback-push`).
    ///   - p256dh, auth: base64url, as the browser gives them.
    /// - Throws: `PushSubscriptionError`, whose description is the message for the client.
    public init(endpoint: String, p256dh: String, auth: String, allowLoopback: Bool = false)
        throws(PushSubscriptionError)
    {
        self.endpoint = try Self.checkedEndpoint(endpoint, allowLoopback: allowLoopback)
        guard let key = Base64URL.decode(p256dh), key.count == 65, key.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else { throw .invalidKey("keys.p256dh must be an uncompressed P-256 point (65 bytes) in base64url") }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else {
            throw .invalidKey("keys.auth must be 16 bytes in base64url")
        }
        self.p256dh = key
        self.auth = secret
    }

    /// The origin the VAPID token names (`aud`).
    public var audience: String { VAPIDToken.audience(of: endpoint) ?? "" }

    private static func checkedEndpoint(_ text: String, allowLoopback: Bool) throws(PushSubscriptionError) -> URL {
        guard text.utf8.count <= maximumEndpointLength else {
            throw .invalidEndpoint("the endpoint is longer than \(maximumEndpointLength) bytes")
        }
        guard let url = URL(string: text), let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil, components.fragment == nil
        else { throw .invalidEndpoint("the endpoint is not an absolute URL with a host") }
        switch scheme {
        case "https":
            // A push service has a name. An address or "localhost" would let a client make the
            // server POST into its own network.
            // (A name can still resolve to such an address: see docs/notifications.md.)
            let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." } || host.hasPrefix("0x")
            guard !isAddress, host != "localhost", !host.hasSuffix(".localhost") else {
                throw .invalidEndpoint("the endpoint must name a push service's host, not an address or localhost")
            }
            return url
        case "http" where allowLoopback && host == "127.0.0.1" && components.port != nil:
            return url
        default:
            throw .invalidEndpoint(
                allowLoopback
                    ? "the endpoint must be https:// (or http://127.0.0.1:PORT/ on this test server)"
                    : "the endpoint must be https://")
        }
    }
}

/// Why a subscription was refused: the server answers `badRequest` with the description.
public enum PushSubscriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidEndpoint(String)
    case invalidKey(String)

    public var description: String {
        switch self {
        case .invalidEndpoint(let message), .invalidKey(let message): message
        }
    }
}
