import Crypto
public import Foundation

/// RFC 8292 VAPID: a JWT signed with ES256 that tells a push service who sends, and the
/// `Authorization: vapid t=JWT,k=KEY` header that carries it.
public enum VAPIDToken {
    /// How long a token is valid: RFC 8292 allows at most 24 hours; half leaves room for the
    /// clocks of the server and the push service to differ.
    public static let lifetime: TimeInterval = 12 * 3_600

    /// `header.claims.signature`, each part base64url: `{"typ":"JWT","alg":"ES256"}`,
    /// `{"aud":AUDIENCE,"exp":EXPIRES,"sub":SUBJECT}`, and the ECDSA signature as R ‖ S
    /// (64 bytes, JWS's form, not DER).
    ///
    /// - Throws: when the system cannot sign (swift-crypto's error, passed on).
    public static func make(audience: String, subject: VAPIDSubject, expires: Date, keys: VAPIDKeyPair) throws
        -> String
    {
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims: [String: Any] = [
            "aud": audience, "exp": Int(expires.timeIntervalSince1970), "sub": subject.description,
        ]
        // JSONSerialization escapes what JSON needs; sorted keys make the token reproducible.
        let claimsJSON = try JSONSerialization.data(
            withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = header + "." + Base64URL.encode(claimsJSON)
        // swift-crypto hashes with SHA-256 itself: ES256 is ECDSA P-256 over SHA-256 of the input.
        let signature = try keys.signingKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The `Authorization` header value for a token.
    public static func authorization(token: String, keys: VAPIDKeyPair) -> String {
        "vapid t=\(token),k=\(keys.publicKeyBase64URL)"
    }

    /// The audience of a token for `endpoint`: its origin, `scheme://host[:port]`, the port
    /// only when it is not the scheme's default.
    public static func audience(of endpoint: URL) -> String? {
        guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let hostPart = host.contains(":") ? "[\(host)]" : host
        if let port = endpoint.port, port != defaultPort { return "\(scheme)://\(hostPart):\(port)" }
        return "\(scheme)://\(hostPart)"
    }
}
