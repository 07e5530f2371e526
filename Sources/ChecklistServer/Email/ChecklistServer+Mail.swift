import ChecklistCore
import ChecklistStore
import Dispatch
import Foundation
import Logging
import Mail
import OutboundDelivery

/// Carrying out `HubAction.mail`: a mail is written (`MailText`) off the service thread and
/// handed to the mail sender, whose own thread submits it to the relay and retries while the
/// relay is down. A relay that is slow or down holds only the sender's slots: never the
/// fan-out, the store, or push.
extension ChecklistServer {
    /// Made at start when the server has `--smtp` and `--mail-from`.
    static func makeMailSender(
        configuration: ServerConfiguration, onOutcome: @escaping @Sendable (MailSender.Outcome) -> Void
    ) -> MailSender? {
        guard let mail = configuration.mail else { return nil }
        return MailSender(channel: MailChannel(relay: mail.relay), configuration: mail.delivery, onOutcome: onOutcome)
    }

    /// Links in mail: `--public-url`, or the address the server listens on.
    var mailBaseURL: String {
        configuration.publicURL
            ?? "\(configuration.tlsCertificatePath == nil ? "http" : "https")://\(configuration.host):\(boundPort)"
    }

    func send(_ mail: OutgoingMail) {
        guard let mailSender, let sender = configuration.mail?.from else { return }
        let text = MailText(baseURL: mailBaseURL)
        let logger = logger
        mailPreparation.async {
            let address: String
            let written: MailText.Written?
            let unsubscribe: String
            let reference: String
            switch mail {
            case .verification(let to, let username, let token, let unsubscribeToken):
                (address, unsubscribe, reference) = (to, unsubscribeToken, "verification")
                written = text.verification(username: username, address: to, token: token)
            case .reminder(let reminder):
                (address, unsubscribe, reference) = (
                    reminder.email.address, reminder.email.unsubscribeToken, "reminder"
                )
                written = text.reminder(reminder)
            case .digest(let digest):
                (address, unsubscribe, reference) = (digest.email.address, digest.email.unsubscribeToken, "digest")
                written = text.digest(digest)
            }
            guard let written else { return }
            guard let to = try? MailAddress(address) else {
                logger.warning("a stored mail address is not usable; not sent", metadata: ["kind": "\(reference)"])
                return
            }
            let message = MailMessage(
                from: sender, to: to, subject: written.subject, text: written.text,
                unsubscribe: text.unsubscribeURL(token: unsubscribe), reference: reference)
            if !mailSender.send(message) {
                logger.warning("the mail queue is full; a mail was not sent", metadata: ["kind": "\(reference)"])
            }
        }
    }

    /// One mail's end, on the sender's thread: logged, never waited for.
    func mailFinished(_ outcome: MailSender.Outcome) {
        switch outcome {
        case .delivered, .gone:
            break
        case .failed(let message, let reason, let attempts):
            logger.warning(
                "a mail was not delivered to the relay",
                metadata: ["kind": "\(message.reference)", "reason": "\(reason)", "attempts": "\(attempts)"])
        }
    }
}
