import Mail
import OutboundDelivery
import Testing

@Suite struct MailAddressTests {
    @Test(arguments: ["ana@example.org", "first.last+tag@mail.example.co.uk", "o'brien@x-y.example", "a@b.cd"])
    func takesPlainAddresses(text: String) throws {
        #expect(try MailAddress(text).description == text)
    }

    @Test(arguments: [
        "", "ana", "@example.org", "ana@", "ana@localhost", "ana@example..org", ".ana@example.org", "an..a@example.org",
        "ana smith@example.org", "ana@example.org\r\nBcc: eve@example.org", "ana@exa mple.org", "\"ana\"@example.org",
        "ana@-example.org", "<ana@example.org>", "ana@example.org,eve@example.org", "anä@example.org",
    ])
    func refusesAnythingThatCouldBreakAHeaderOrACommand(text: String) {
        #expect(throws: MailAddressError.self) { try MailAddress(text) }
    }

    @Test func refusesAnAddressOverTheSMTPLimit() {
        let long =
            String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + "."
            + String(repeating: "c", count: 63) + "." + String(repeating: "d", count: 63) + ".org"
        #expect(throws: MailAddressError.self) { try MailAddress(long) }
    }

    @Test func mailboxesWithAndWithoutAName() throws {
        #expect(
            try Mailbox(parsing: "reminders@example.org")
                == Mailbox(name: nil, address: MailAddress("reminders@example.org")))
        #expect(try Mailbox(parsing: "Checkwire <reminders@example.org>").name == "Checkwire")
        #expect(try Mailbox(parsing: "\"Checkwire, the app\" <reminders@example.org>").name == "Checkwire, the app")
        #expect(throws: MailAddressError.self) { try Mailbox(parsing: "Checkwire <reminders>") }
    }
}

@Suite struct SMTPRelayTests {
    @Test func startTLSIsRequiredOnSMTP_exceptToThisMachine() throws {
        let remote = try SMTPRelay(url: "smtp://mail.example.org")
        #expect(remote.url == "smtp://mail.example.org:587" && remote.security == .startTLSRequired)
        let local = try SMTPRelay(url: "smtp://127.0.0.1:2525")
        #expect(local.url == "smtp://127.0.0.1:2525" && local.security == .startTLSIfOffered)
        let implicit = try SMTPRelay(url: "smtps://mail.example.org")
        #expect(implicit.url == "smtps://mail.example.org:465" && implicit.security == .implicitTLS)
    }

    @Test func theUserInTheURLAndThePasswordInTheFile() throws {
        let relay = try SMTPRelay(url: "smtp://alerts%40example.org@mail.example.org:587", passwordFile: "s3cr:et\n")
        #expect(relay.user == "alerts@example.org" && relay.password == "s3cr:et")
        #expect(relay.url == "smtp://mail.example.org:587")
    }

    @Test func orBothInTheFile() throws {
        let relay = try SMTPRelay(url: "smtps://mail.example.org", passwordFile: "alerts:pa:ss\r\nignored\n")
        #expect(relay.user == "alerts" && relay.password == "pa:ss")
    }

    @Test(arguments: [
        "mail.example.org", "http://mail.example.org", "smtp://", "smtp://user:pw@mail.example.org",
        "smtp://mail.example.org/path", "smtp://mail.example.org?tls=no",
    ])
    func refusesURLsItCannotUse(url: String) {
        #expect(throws: MailConfigurationError.self) { try SMTPRelay(url: url) }
    }

    @Test func aFileWithoutAUserNeedsOneInTheURL() {
        #expect(throws: MailConfigurationError.self) {
            try SMTPRelay(url: "smtp://mail.example.org", passwordFile: "secret")
        }
    }
}
