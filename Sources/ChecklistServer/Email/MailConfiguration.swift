public import Mail
public import OutboundDelivery

/// How the server sends mail (`--smtp`, `--smtp-password-file`, `--mail-from`,
/// `--email-fallback`); without it the server sends none and refuses mail settings.
public struct MailConfiguration: Sendable {
    public var relay: SMTPRelay
    /// The `From:` of every mail.
    public var from: Mailbox
    /// How long a fired reminder waits for a device to take it (live or by push) before it
    /// is mailed.
    public var fallbackSeconds: Double = 60
    /// Retries, queue bound and timeouts of the sender (`MailChannel.defaults`).
    public var delivery: DeliveryConfiguration = MailChannel.defaults

    public init(relay: SMTPRelay, from: Mailbox) {
        self.relay = relay
        self.from = from
    }
}
