public import OutboundDelivery

/// Sends the server's mail through one relay: `send` takes a message from any thread without
/// waiting; a thread of its own submits it over SMTP, retries while the relay is down or
/// answers 4xx, and tells each message's end to `onOutcome` (delivered to the relay, or
/// failed after its attempts). `counts` (delivered, failed, retried) is what `/metrics`
/// exports; `stop()` ends what is still held as failed.
///
/// For example:
///
///     let relay = try SMTPRelay(url: "smtp://mail.example.org:587", passwordFile: contents)
///     let sender = MailSender(channel: MailChannel(relay: relay)) { outcome in log(outcome) }
///     sender.send(MailMessage(from: from, to: address, subject: "…", text: "…", unsubscribe: url))
public typealias MailSender = Courier<MailChannel>
