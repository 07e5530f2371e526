import Credentials

/// Carries out a `PasswordJob` on a password worker: scrypt and the random source only, never
/// the store.
enum PasswordWork {
    static func perform(_ job: PasswordJob, hasher: PasswordHasher) -> PasswordOutcome {
        do {
            switch job {
            case .hashNewPassword(let password):
                let hash = try hasher.hash(password)
                let token = try SessionToken.generate()
                return .hashed(passwordHash: hash, token: token.text, tokenHash: token.storedHash)
            case .verify(let password, let storedHash, let userKnown):
                // The decoy hash of an unknown user is verified too, so both take as long.
                guard hasher.verify(password, against: storedHash), userKnown else { return .rejected }
                let token = try SessionToken.generate()
                return .verified(token: token.text, tokenHash: token.storedHash)
            }
        } catch {
            return .failed(.internalError)
        }
    }
}
