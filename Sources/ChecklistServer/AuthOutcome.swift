import ChecklistStore

/// What a signup, login or auth produced, carried from a worker to the service thread.
struct AuthOutcome: Sendable {
    var user: UserAccount
    /// The new token for signup and login; `nil` for auth, which reuses the client's.
    var token: String?
    var tokenHash: [UInt8]
}
