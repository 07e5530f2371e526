import ChecklistCore
import WireProtocol

/// The contract's rules for new accounts, checked before any hashing is spent on them.
enum AccountRules {
    static func validate(username: String, password: String) throws(WireError) {
        let allowed = username.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
                || byte == 0x5f || byte == 0x2e || byte == 0x2d
        }
        guard !username.isEmpty, username.utf8.count <= Limits.username, allowed else {
            throw WireError(.badRequest, "usernames are 1 to 32 letters, digits, '_', '.' or '-'")
        }
        guard password.count >= Limits.minimumPasswordLength else {
            throw WireError(.badRequest, "passwords need at least \(Limits.minimumPasswordLength) characters")
        }
    }
}
