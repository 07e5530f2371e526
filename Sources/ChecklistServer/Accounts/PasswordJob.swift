/// Password work the hub asks for, as a value: scrypt takes ~100 ms by design, so it runs on
/// the password workers, never on the service or store thread.
///
/// The two kinds run on separate pools (see `PasswordWorkers`): a flood of signups, each a
/// new hash, must not queue the logins of people who already have accounts.
enum PasswordJob: Hashable, Sendable {
    /// A signup: hash the new password and make the first session token.
    case hashNewPassword(String)
    /// A login: check the password against the stored hash (the decoy hash for an unknown
    /// username, so both take as long) and, when it matches, make a session token.
    case verify(password: String, against: String, userKnown: Bool)

    var isSignup: Bool {
        if case .hashNewPassword = self { true } else { false }
    }
}

struct PasswordRequest: Hashable, Sendable {
    var id: UInt64
    var job: PasswordJob
    /// The client address it is for: password work is shared out in turns per address.
    var source: String
}

/// What a password job produced.
enum PasswordOutcome: Hashable, Sendable {
    case hashed(passwordHash: String, token: String, tokenHash: [UInt8])
    case verified(token: String, tokenHash: [UInt8])
    /// Wrong password, or an unknown user.
    case rejected
    /// Hashing or the random source failed, or the pool was full.
    case failed(PasswordFailure)
}

/// Why a password job could not run.
enum PasswordFailure: Hashable, Sendable {
    /// The pool's queue was full: the client is told to try again shortly.
    case busy
    /// Hashing or the random source failed.
    case internalError
}

struct PasswordResponse: Hashable, Sendable {
    var id: UInt64
    var outcome: PasswordOutcome
}
