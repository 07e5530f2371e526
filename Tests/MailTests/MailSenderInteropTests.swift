import Foundation
import LoopbackTestSupport
import Mail
import OutboundDelivery
import Testing

/// The sender against `smtp_server.py`: aiosmtpd takes the mail, Python's `email` package
/// reads it back.
@Suite(.serialized) final class MailSenderInteropTests {
    let outcomes = ReportLog<DeliveryOutcome<MailMessage>>()
    let from: Mailbox

    init() throws {
        from = try Mailbox(parsing: "Checkwire Reminders <reminders@checkwire.test>")
    }

    func sender(_ relay: SMTPRelay, attempts: Int = 4) -> MailSender {
        MailSender(
            channel: MailChannel(relay: relay),
            configuration: DeliveryConfiguration(
                retry: RetryPolicy(
                    attempts: attempts, firstDelay: .milliseconds(100), longestDelay: .milliseconds(400),
                    longestRetryAfter: .seconds(1)),
                capacity: 100, transfers: MailChannel.defaults.transfers),
            onOutcome: outcomes.record)
    }

    func reminder(to address: String = "ana@example.org", subject: String = "Reminder: Lab report") throws
        -> MailMessage
    {
        try MailMessage(
            from: from, to: MailAddress(address), subject: subject,
            text: "Lab report is due at 14:00 in “Physics, year 2”.\n\nOpen: https://checkwire.test/#/l/1/i/2\n"
                + String(repeating: "A long line of text. ", count: 8),
            unsubscribe: URL(string: "https://checkwire.test/unsubscribe/tok123"), reference: address)
    }

    @Test func aMailArrivesAsAMailReaderReadsIt() throws {
        let smtp = try SMTPServerProcess()
        let sender = sender(try SMTPRelay(url: "smtp://127.0.0.1:\(smtp.port)"))
        defer { sender.stop() }
        sender.send(try reminder(subject: "Rappel : réviser l’examen — 数学 " + String(repeating: "ü", count: 30)))
        guard case .delivered(let message, 1) = outcomes.wait(for: 1).first else {
            Issue.record("expected delivered: \(outcomes.all)")
            return
        }
        #expect(message.reference == "ana@example.org")
        let received = try smtp.messages()
        #expect(received.count == 1)
        let mail = received[0]
        #expect(mail["mailFrom"] as? String == "reminders@checkwire.test")
        #expect(mail["rcptTos"] as? [String] == ["ana@example.org"])
        #expect(mail["defects"] as? [String] == [])
        #expect(mail["subject"] as? String == "Rappel : réviser l’examen — 数学 " + String(repeating: "ü", count: 30))
        let body = mail["body"] as? String ?? ""
        #expect(body.contains("due at 14:00 in “Physics, year 2”."))
        #expect(
            body.contains(String(repeating: "A long line of text. ", count: 8).trimmingCharacters(in: .whitespaces)))
        let headers = mail["headers"] as? [String: String] ?? [:]
        #expect(headers["From"] == "Checkwire Reminders <reminders@checkwire.test>")
        #expect(headers["List-Unsubscribe"] == "<https://checkwire.test/unsubscribe/tok123>")
        #expect(headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click")
        #expect(headers["Auto-Submitted"] == "auto-generated")
        #expect(headers["Message-ID"]?.hasSuffix("@checkwire.test>") == true)
        #expect(sender.counts.delivered == 1 && sender.counts.failed == 0 && sender.counts.retried == 0)
    }

    @Test func startTLSAndAUserAndPassword() throws {
        let smtp = try SMTPServerProcess(arguments: ["--auth", "alerts:pa:ss", "--tls", "--require-tls"])
        let relay = try SMTPRelay(
            url: "smtp://127.0.0.1:\(smtp.port)", passwordFile: "alerts:pa:ss\n", caFile: smtp.caFile)
        let sender = sender(relay)
        defer { sender.stop() }
        sender.send(try reminder())
        guard case .delivered = outcomes.wait(for: 1).first else {
            Issue.record("expected delivered: \(outcomes.all)")
            return
        }
        let mail = try smtp.messages()[0]
        #expect(mail["tls"] as? Bool == true)
        #expect(mail["user"] as? String == "alerts")
    }

    @Test func aRefusedPasswordFailsAtOnce() throws {
        let smtp = try SMTPServerProcess(arguments: ["--auth", "alerts:right", "--tls"])
        let relay = try SMTPRelay(
            url: "smtp://alerts@127.0.0.1:\(smtp.port)", passwordFile: "wrong", caFile: smtp.caFile)
        let sender = sender(relay)
        defer { sender.stop() }
        sender.send(try reminder())
        guard case .failed(_, let reason, 1) = outcomes.wait(for: 1).first else {
            Issue.record("expected one failed attempt: \(outcomes.all)")
            return
        }
        #expect(reason.contains("535") || reason.lowercased().contains("login"))
        #expect(try smtp.messages().isEmpty)
        #expect(sender.counts.failed == 1 && sender.counts.retried == 0)
    }

    @Test func anUntrustedCertificateSendsNothing() throws {
        let smtp = try SMTPServerProcess(arguments: ["--tls", "--require-tls"])
        // STARTTLS is offered, but the certificate is the server's own, trusted by nobody here.
        let sender = sender(try SMTPRelay(url: "smtp://127.0.0.1:\(smtp.port)"))
        defer { sender.stop() }
        sender.send(try reminder())
        guard case .failed = outcomes.wait(for: 1).first else {
            Issue.record("expected failed: \(outcomes.all)")
            return
        }
        #expect(try smtp.messages().isEmpty)
    }

    @Test func aRelayAnswering451IsTriedAgain() throws {
        let smtp = try SMTPServerProcess(arguments: ["--fail-first", "2"])
        let sender = sender(try SMTPRelay(url: "smtp://127.0.0.1:\(smtp.port)"))
        defer { sender.stop() }
        sender.send(try reminder())
        guard case .delivered(_, 3) = outcomes.wait(for: 1).first else {
            Issue.record("expected delivered on the third attempt: \(outcomes.all)")
            return
        }
        #expect(try smtp.messages().count == 1)
        #expect(sender.counts.retried == 2 && sender.counts.delivered == 1)
    }

    /// The relay is down when the mail is sent; it comes up while the sender retries.
    @Test func aRelayThatIsDownIsRetriedUntilItIsBack() throws {
        let port = LoopbackPort.free()
        let sender = sender(try SMTPRelay(url: "smtp://127.0.0.1:\(port)"), attempts: 50)
        defer { sender.stop() }
        sender.send(try reminder())
        sender.send(try reminder(to: "ben@example.org"))
        // Wait for state: both have failed at least once.
        let deadline = Date().addingTimeInterval(60)
        while sender.counts.retried < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(sender.counts.retried >= 2 && sender.counts.pending == 2)
        let smtp = try SMTPServerProcess(port: port)
        let ended = outcomes.wait(for: 2)
        #expect(ended.allSatisfy { if case .delivered = $0 { true } else { false } })
        #expect(
            Set(try smtp.messages().flatMap { $0["rcptTos"] as? [String] ?? [] }) == [
                "ana@example.org", "ben@example.org",
            ])
        #expect(sender.counts.delivered == 2 && sender.counts.failed == 0)
    }

    @Test func aRelayThatStaysDownFailsAfterItsAttempts() throws {
        let sender = sender(try SMTPRelay(url: "smtp://127.0.0.1:\(LoopbackPort.free())"), attempts: 3)
        defer { sender.stop() }
        sender.send(try reminder())
        guard case .failed(_, let reason, 3) = outcomes.wait(for: 1).first else {
            Issue.record("expected failed after 3 attempts: \(outcomes.all)")
            return
        }
        #expect(reason.contains("connect"))
        #expect(sender.counts.failed == 1 && sender.counts.retried == 2)
    }
}
