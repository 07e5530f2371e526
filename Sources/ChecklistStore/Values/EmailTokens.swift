public import ChecklistCore

/// Fresh random tokens for a settings change, made by the server (the store makes no
/// randomness of its own), used only when the change needs them.
public struct EmailTokens: Hashable, Sendable {
    /// The address-check link's token, and the SHA-256 the store keeps of it.
    public var verification: String
    public var verificationHash: [UInt8]
    /// A new user's unsubscribe token.
    public var unsubscribe: String

    public init(verification: String, verificationHash: [UInt8], unsubscribe: String) {
        self.verification = verification
        self.verificationHash = verificationHash
        self.unsubscribe = unsubscribe
    }
}

/// What opening an address-check link did.
public enum EmailVerification: Hashable, Sendable {
    case verified(EmailSettings)
    case expired
    case unknown
}

/// A user's next digest, as the scheduler holds it.
public struct ScheduledDigest: Hashable, Comparable, Sendable {
    public var userID: UserID
    public var at: Timestamp

    public init(userID: UserID, at: Timestamp) {
        self.userID = userID
        self.at = at
    }

    public static func < (lhs: ScheduledDigest, rhs: ScheduledDigest) -> Bool {
        (lhs.at, lhs.userID.rawValue) < (rhs.at, rhs.userID.rawValue)
    }
}
