import ChecklistStore

/// A mail the hub decided to send; the wiring writes it (`MailText`) and hands it to the
/// mail sender.
enum OutgoingMail: Sendable {
    /// The link that proves the address is the user's.
    case verification(address: String, username: String, token: String, unsubscribeToken: String)
    /// A reminder no device took within the fallback.
    case reminder(EmailReminder)
    case digest(EmailDigest)
}
